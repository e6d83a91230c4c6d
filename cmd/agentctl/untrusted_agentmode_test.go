package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHookAgentModeFromUntrustedRepository: claude -p applies a
// repository's defaultMode unasked, so the agent reports the
// bypassPermissions (or auto) mode the repository chose. In an untrusted
// workspace agentctl does not apply that defaultMode, and an agent in that
// very mode is decided in the settings' mode instead; a trusted workspace,
// or an agent mode the repository did not ask for, is honoured — unless
// managed settings forbid it (disableBypassPermissionsMode, the
// managed-rules lock), which the hook once did not see.
func TestHookAgentModeFromUntrustedRepository(t *testing.T) {
	const cmd = "rm -rf build"
	cases := []struct {
		name, repoMode, agentMode string
		trusted                   bool
		managed                   string
		wantAllow                 bool
	}{
		{"repo bypass, untrusted", "bypassPermissions", "bypassPermissions", false, "", false},
		{"repo bypass in local settings, untrusted", "local:bypassPermissions", "bypassPermissions", false, "", false},
		{"repo bypass, trusted", "bypassPermissions", "bypassPermissions", true, "", true},
		{"repo auto, agent bypass, untrusted", "auto", "bypassPermissions", false, "", true},
		{"no repo mode, agent bypass, untrusted", "", "bypassPermissions", false, "", true},
		{"managed disables bypass", "", "bypassPermissions", true, `{"permissions": {"disableBypassPermissionsMode": "disable"}}`, false},
		{"managed rules lock", "", "bypassPermissions", true, `{"allowManagedPermissionRulesOnly": true}`, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			isolatedHome(t)
			cwd, _ := filepath.EvalSymlinks(t.TempDir())
			os.MkdirAll(filepath.Join(cwd, ".claude"), 0o755)
			file, mode := "settings.json", c.repoMode
			if m, ok := strings.CutPrefix(mode, "local:"); ok {
				file, mode = "settings.local.json", m
			}
			body := `{}`
			if mode != "" {
				body = `{"permissions": {"defaultMode": "` + mode + `"}}`
			}
			os.WriteFile(filepath.Join(cwd, ".claude", file), []byte(body), 0o644)
			q, _ := json.Marshal(cmd)
			event := `{"hook_event_name":"PreToolUse","cwd":"` + cwd + `","permission_mode":"` + c.agentMode +
				`","tool_name":"Bash","tool_input":{"command":` + string(q) + `}}`
			managed := emptyManaged(t)
			if c.managed != "" {
				os.WriteFile(managed, []byte(c.managed), 0o644)
			}
			args := []string{"agentctl", "hook", "--agent", "claude", "--managed-settings", managed}
			if c.trusted {
				args = append(args, "--trust-workspace")
			}
			out, errOut, code := runCLI(t, event, args...)
			allowed := code == 0 && strings.Contains(out, `"permissionDecision":"allow"`)
			if allowed != c.wantAllow {
				t.Errorf("allowed=%v, want %v\n%s\n%s", allowed, c.wantAllow, out, errOut)
			}
		})
	}
}
