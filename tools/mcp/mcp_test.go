package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentctl/agentctl/internal/proc/proctest"
	"github.com/agentctl/agentctl/tools"
	"github.com/agentctl/agentctl/tools/mcp/mcptest"
)

func TestMain(m *testing.M) {
	mcptest.MaybeServe()
	os.Exit(m.Run())
}

func demoConfig(t *testing.T) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), ".mcp.json")
	os.WriteFile(p, []byte(mcptest.Config(exe)), 0o644)
	return p
}

func TestRealServerOverStdio(t *testing.T) {
	cfgs, err := LoadConfig(demoConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(cfgs) != 2 || cfgs[0].Name != "broken" || cfgs[1].Name != "demo" {
		t.Fatalf("configs = %+v", cfgs)
	}
	broken := Connect(context.Background(), cfgs[0])
	if !strings.HasPrefix(broken.Status, "failed") || len(broken.Tools) != 0 {
		t.Errorf("broken server: %+v", broken)
	}
	s := Connect(context.Background(), cfgs[1])
	defer s.Close()
	if s.Status != "connected" || len(s.Tools) != 2 {
		t.Fatalf("server: %s, %d tools", s.Status, len(s.Tools))
	}
	pool := tools.AssemblePool(nil, s.Tools)
	echo, ok := tools.Find(pool, "mcp__demo__echo")
	if !ok || !echo.IsReadOnly(nil) || !echo.IsConcurrencySafe(nil) {
		t.Fatalf("echo tool: %v", ok)
	}
	if err := echo.ValidateInput(tools.Input{"text": 5.0}, &tools.Context{}); err == nil {
		t.Error("the server's schema must be enforced")
	}
	r, err := echo.Call(context.Background(), tools.Input{"text": "hi"}, &tools.Context{}, nil)
	if err != nil || r.Data != "echo: hi" || r.IsError {
		t.Errorf("echo: %+v %v", r, err)
	}
	drop, ok := tools.Find(pool, "mcp__demo__drop_table")
	if !ok || drop.IsReadOnly(nil) || !drop.IsDestructive(nil) {
		t.Fatal("drop.table must be named mcp__demo__drop_table and be destructive")
	}
	r, _ = drop.Call(context.Background(), tools.Input{"name": "users"}, &tools.Context{}, nil)
	if !r.IsError || r.Data != "refusing to drop users" {
		t.Errorf("drop: %+v", r)
	}
}

func TestLoadConfigErrors(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"sse.json":   `{"mcpServers": {"x": {"type": "sse", "url": "http://x"}}}`,
		"nocmd.json": `{"mcpServers": {"x": {}}}`,
		"bad.json":   `{`,
	} {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(content), 0o644)
		if _, err := LoadConfig(p); err == nil {
			t.Errorf("%s: want an error", name)
		}
	}
}

func modeConfig(t *testing.T, name, mode string) ServerConfig {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), ".mcp.json")
	os.WriteFile(p, []byte(mcptest.ModeConfig(exe, name, mode)), 0o644)
	cfgs, err := LoadConfig(p)
	if err != nil || len(cfgs) != 1 {
		t.Fatal(cfgs, err)
	}
	return cfgs[0]
}

// TestServerThatNeverAnswers: a real server process that reads requests
// and answers none ends as failed after MCP_TIMEOUT, and is stopped.
func TestServerThatNeverAnswers(t *testing.T) {
	t.Setenv("MCP_TIMEOUT", "300")
	s := Connect(context.Background(), modeConfig(t, "mute", mcptest.Silent))
	defer s.Close()
	if s.Status != "failed" || s.Error != "no answer to initialize within 300ms (MCP_TIMEOUT)" || len(s.Tools) != 0 {
		t.Errorf("status %q, %d tools", s.Status, len(s.Tools))
	}
	proctest.WaitGone(t, s.cmd.Process.Pid)
}

// TestToolCallTimeout: a tool that never returns ends after
// MCP_TOOL_TIMEOUT as an error result; Close stops the server.
func TestToolCallTimeout(t *testing.T) {
	t.Setenv("MCP_TOOL_TIMEOUT", "300")
	s := Connect(context.Background(), modeConfig(t, "slow", mcptest.Hang))
	if s.Status != "connected" {
		t.Fatal(s.Status)
	}
	hang, ok := tools.Find(tools.AssemblePool(nil, s.Tools), "mcp__slow__hang")
	if !ok {
		t.Fatal("no hang tool")
	}
	r, err := hang.Call(context.Background(), tools.Input{"text": "x"}, &tools.Context{}, nil)
	if err != nil || !r.IsError || !strings.Contains(fmt.Sprint(r.Data), "did not answer within 300ms (MCP_TOOL_TIMEOUT)") {
		t.Errorf("result %+v %v", r, err)
	}
	pid := s.cmd.Process.Pid
	s.Close()
	proctest.WaitGone(t, pid)
}

func TestTimeoutsFromEnv(t *testing.T) {
	for _, tt := range []struct {
		startup, tool string
		want          Timeouts
	}{
		{"", "", Timeouts{DefaultStartupTimeout, DefaultToolTimeout}},
		{"1500", "20", Timeouts{1500 * time.Millisecond, 20 * time.Millisecond}},
		{"-1", "soon", Timeouts{DefaultStartupTimeout, DefaultToolTimeout}},
	} {
		t.Setenv("MCP_TIMEOUT", tt.startup)
		t.Setenv("MCP_TOOL_TIMEOUT", tt.tool)
		if got := TimeoutsFromEnv(); got != tt.want {
			t.Errorf("MCP_TIMEOUT=%q MCP_TOOL_TIMEOUT=%q: %+v, want %+v", tt.startup, tt.tool, got, tt.want)
		}
	}
}

// TestMediaContentBecomesBlocks: an MCP image is an Anthropic image block
// (base64 source), not JSON text; text resources are text.
func TestMediaContentBecomesBlocks(t *testing.T) {
	exe, _ := os.Executable()
	path := filepath.Join(t.TempDir(), "mcp.json")
	os.WriteFile(path, []byte(mcptest.ModeConfig(exe, "media", mcptest.Media)), 0o644)
	cfgs, err := LoadConfig(path)
	if err != nil {
		t.Fatal(err)
	}
	s := Connect(context.Background(), cfgs[0])
	defer s.Close()
	shot, ok := tools.Find(tools.AssemblePool(nil, s.Tools), "mcp__media__screenshot")
	if !ok {
		t.Fatalf("no screenshot tool: %s %s", s.Status, s.Error)
	}
	r, err := shot.Call(context.Background(), tools.Input{"text": "x"}, &tools.Context{}, nil)
	if err != nil || r.IsError {
		t.Fatalf("call: %+v %v", r, err)
	}
	b, _ := json.Marshal(r.Data)
	want := `[{"text":"here it is","type":"text"},{"type":"image","source":{"type":"base64","media_type":"image/png","data":"iVBORw0K"}},{"text":"a note","type":"text"},{"text":"[resource link big.log: file:///big.log]","type":"text"}]`
	if string(b) != want {
		t.Errorf("content:\n got %s\nwant %s", b, want)
	}
}
