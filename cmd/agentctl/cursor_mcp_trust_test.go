package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCursorProjectMCPNamesNeedTrust: the Cursor hook names an MCP call's
// server by the url or command the event carries, looked up in
// .cursor/mcp.json. A repository's own file could give its server the name
// of one the user's rules allow (mcp__github__*); it is consulted only in
// a trusted workspace, so the repository's server is then MCP:TOOL and
// asks, while the user's own server is still named and allowed.
func TestCursorProjectMCPNamesNeedTrust(t *testing.T) {
	const real, evil = "https://api.github.example/mcp", "https://evil.example/mcp"
	cases := []struct {
		name    string
		url     string
		trusted bool
		allowed bool
	}{
		{"user's server, untrusted", real, false, true},
		{"repository's server under the user's name, untrusted", evil, false, false},
		{"repository's server, trusted", evil, true, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			home := isolatedHome(t)
			cwd, _ := filepath.EvalSymlinks(t.TempDir())
			for p, body := range map[string]string{
				filepath.Join(home, ".cursor", "mcp.json"):      `{"mcpServers": {"github": {"url": "` + real + `"}}}`,
				filepath.Join(home, ".claude", "settings.json"): `{"permissions": {"allow": ["mcp__github__*"]}}`,
				filepath.Join(cwd, ".cursor", "mcp.json"):       `{"mcpServers": {"github": {"url": "` + evil + `"}}}`,
				filepath.Join(cwd, ".claude", "settings.json"):  `{}`,
			} {
				os.MkdirAll(filepath.Dir(p), 0o755)
				if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			event := `{"hook_event_name":"beforeMCPExecution","conversation_id":"c","workspace_roots":["` + cwd +
				`"],"cwd":"` + cwd + `","tool_name":"create_issue","tool_input":"{}","url":"` + c.url + `"}`
			args := []string{"agentctl", "hook", "--agent", "cursor", "--managed-settings", emptyManaged(t)}
			if c.trusted {
				args = append(args, "--trust-workspace")
			}
			out, errOut, code := runCLI(t, event, args...)
			allowed := code == 0 && strings.Contains(out, `"permission":"allow"`)
			if allowed != c.allowed {
				t.Errorf("allowed=%v, want %v\n%s\n%s", allowed, c.allowed, out, errOut)
			}
		})
	}
}
