package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentctl/agentctl/tools/mcp/mcptest"
)

// TestGlobalMCPConfig: --mcp-config is global: tools list and tools schema
// show the servers' tools (and a failed server), check validates an MCP
// call's input against its server's schema before the policy.
func TestGlobalMCPConfig(t *testing.T) {
	dir := t.TempDir()
	exe, _ := os.Executable()
	// The config lives outside the workspace: check starts no server a
	// workspace file names (TestCheckStartsNoWorkspaceMCPServer).
	cfg := filepath.Join(t.TempDir(), "mcp.json")
	os.WriteFile(cfg, []byte(mcptest.Config(exe)), 0o644)
	base := []string{"agentctl", "--cwd", dir, "--managed-settings", emptyManaged(t), "--mcp-config", cfg}
	out, errOut, code := runCLI(t, "", append(base, "tools", "list")...)
	if code != 0 || !strings.Contains(out, "mcp__demo__echo") || !strings.Contains(out, "mcp__broken__*") {
		t.Errorf("tools list: exit %d %s\n%s", code, errOut, out)
	}
	out, _, code = runCLI(t, "", append(base, "tools", "schema", "mcp__demo__echo")...)
	if code != 0 || !strings.Contains(out, `"name": "mcp__demo__echo"`) || !strings.Contains(out, `"text"`) {
		t.Errorf("tools schema: exit %d\n%s", code, out)
	}
	out, _, code = runCLI(t, "", append(base, "check", "mcp__demo__echo", `{"text": 5}`)...)
	if code != exitDeny || !strings.Contains(out, "validate") {
		t.Errorf("check with invalid MCP input: exit %d: %s", code, out)
	}
	_, _, code = runCLI(t, "", append(base, "--allowed-tools", "mcp__demo__echo", "check", "mcp__demo__echo", `{"text": "hi"}`)...)
	if code != exitOK {
		t.Errorf("check with valid MCP input: exit %d", code)
	}
}
