package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// red19Project is a project under settings (its own .claude/settings.json,
// trusted through agentctl's record), with a secret/key, a .env and
// src/a.ts in place, an empty home and an empty managed file.
func red19Project(t *testing.T, settings string) (dir, managed string) {
	t.Helper()
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", "")
	t.Setenv("CLAUDE_CONFIG_DIR", "")
	t.Setenv("CLAUDE_PROJECT_DIR", "")
	t.Setenv("GEMINI_PROJECT_DIR", "")
	dir, _ = filepath.EvalSymlinks(t.TempDir())
	for _, d := range []string{".claude", "secret", "src"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	files := map[string]string{".claude/settings.json": settings, "secret/key": "k\n", ".env": "K=1\n", "src/a.ts": "x\n"}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	// The project's allow rules count only in a trusted workspace: Claude
	// Code's own record says it is.
	rec, _ := json.Marshal(map[string]any{"projects": map[string]any{dir: map[string]any{"hasTrustDialogAccepted": true}}})
	if err := os.WriteFile(filepath.Join(home, ".claude.json"), rec, 0o600); err != nil {
		t.Fatal(err)
	}
	return dir, emptyManaged(t)
}

// red19ClaudeEvent is a Claude Code PreToolUse event for tool with input
// (raw JSON), as Claude Code sends it.
func red19ClaudeEvent(cwd, tool, input string) string {
	return `{"session_id":"s","transcript_path":"/dev/null","cwd":"` + cwd + `","permission_mode":"default",` +
		`"hook_event_name":"PreToolUse","tool_name":"` + tool + `","tool_input":` + input + `,"tool_use_id":"t"}`
}

// red19Decision reads a Claude Code answer back: allow, ask or deny from
// its JSON, "block" for exit 2, "none" for no opinion.
func red19Decision(t *testing.T, out string, code int) string {
	t.Helper()
	if code == 2 {
		return "block"
	}
	if code != 0 {
		t.Fatalf("exit %d: never an answer of agentctl hook", code)
	}
	if strings.TrimSpace(out) == "" {
		return "none"
	}
	var a struct {
		HookSpecificOutput struct {
			PermissionDecision string `json:"permissionDecision"`
		} `json:"hookSpecificOutput"`
	}
	if err := json.Unmarshal([]byte(out), &a); err != nil {
		t.Fatalf("stdout %q is not Claude Code's JSON: %v", out, err)
	}
	return a.HookSpecificOutput.PermissionDecision
}

// TestHookClaudeNumberParamsRealProcess: the event was decoded with every
// number a json.Number, which no tool schema takes for a number, so the
// real Claude Code CLI (2.1.332) had every Bash call with a timeout and
// every Read with an offset or a limit denied by the hook ("parameter
// `timeout`: got json.Number, want number"). Numbers are now read as the
// agents' JavaScript readers and `agentctl check` read them; the rules
// decide exactly as before, an out-of-range timeout is still invalid, and
// a rule on a number field still matches it.
func TestHookClaudeNumberParamsRealProcess(t *testing.T) {
	dir, managed := red19Project(t, `{"permissions":{"allow":["Bash(ls *)","Bash(ls)","Read","Grep","mcp__db"],
  "deny":["Read(./secret/**)","Read(.env)","mcp__db__drop(id:42)"]}}`)
	tests := []struct {
		name, tool, input, want string
	}{
		// Over-blocked before: everyday calls with a number parameter.
		{"Bash with a timeout", "Bash", `{"command":"ls","timeout":120000}`, "allow"},
		{"Bash with a timeout and a description", "Bash", `{"command":"ls -la src","timeout":60000,"description":"list"}`, "allow"},
		{"Read with offset and limit", "Read", `{"file_path":"` + dir + `/src/a.ts","offset":1,"limit":200}`, "allow"},
		{"Grep with context and a head limit", "Grep", `{"pattern":"x","path":"` + dir + `/src","-C":2,"head_limit":20}`, "allow"},
		{"an MCP call with a number parameter", "mcp__db__query", `{"sql":"select 1","limit":10}`, "allow"},
		{"ToolSearch with max_results", "ToolSearch", `{"query":"select:Glob","max_results":5}`, "allow"},
		// The rules and the checks decide as before.
		{"Bash reading a denied file, with a timeout", "Bash", `{"command":"cat secret/key","timeout":1000}`, "deny"},
		{"Read of a denied file with an offset", "Read", `{"file_path":"` + dir + `/.env","offset":1,"limit":5}`, "deny"},
		{"a timeout over the tool's maximum", "Bash", `{"command":"ls","timeout":9999999}`, "deny"},
		{"a negative Read offset", "Read", `{"file_path":"` + dir + `/src/a.ts","offset":-1}`, "deny"},
		{"an MCP number a deny rule names", "mcp__db__drop", `{"id":42}`, "deny"},
		{"an MCP number a deny rule names, as a float", "mcp__db__drop", `{"id":42.0}`, "deny"},
		{"an MCP number the deny rule does not name", "mcp__db__drop", `{"id":43}`, "allow"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := hookProc(t, nil, red19ClaudeEvent(dir, tt.tool, tt.input), nil, "--agent", "claude", "--managed-settings", managed)
			if got := red19Decision(t, out, code); got != tt.want {
				t.Errorf("got %s, want %s (stdout %q, stderr %q)", got, tt.want, out, strings.TrimSpace(errOut))
			}
		})
	}
}

// red19Run runs this test binary as agentctl with args exactly as given
// (global flags before the command too), event on stdin.
func red19Run(t *testing.T, event string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), asMainEnv+"=1")
	cmd.Stdin = strings.NewReader(event)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	code = waitExit(t, cmd)
	return out.String(), errb.String(), code
}

// TestHookGlobalUsageErrorRealProcess: a global flag before `hook` that
// does not parse (mistyped, or one this binary does not know) stopped
// urfave/cli before the hook command and its fail-closed handler: exit 1,
// which Claude Code and Gemini CLI take for a non-blocking error, so the
// call ran undecided — here a read of a denied file. It blocks in the
// agent's own terms now; other commands keep exit 1.
func TestHookGlobalUsageErrorRealProcess(t *testing.T) {
	dir, managed := red19Project(t, `{"permissions":{"deny":["Read(./secret/**)"]}}`)
	claude := red19ClaudeEvent(dir, "Bash", `{"command":"cat secret/key"}`)
	cursor := `{"hook_event_name":"beforeShellExecution","conversation_id":"c","workspace_roots":["` + dir + `"],"cwd":"` + dir + `","command":"cat secret/key"}`
	gemini := `{"hook_event_name":"BeforeTool","cwd":"` + dir + `","tool_name":"run_shell_command","tool_input":{"command":"cat secret/key"}}`
	tests := []struct {
		name, event string
		args        []string
		want        string // block (exit 2), cursor-deny, or exit1
	}{
		{"an unknown global flag", claude, []string{"--no-such-flag", "hook", "--agent", "claude", "--managed-settings", managed}, "block"},
		{"a mistyped global flag with its value", claude, []string{"--managed-setings", managed, "hook", "--agent", "claude"}, "block"},
		{"a global flag with a bad value", claude, []string{"--opa-timeout", "soon", "hook", "--agent", "claude", "--managed-settings", managed}, "block"},
		{"an unknown global flag, Gemini CLI", gemini, []string{"--no-such-flag", "hook", "--agent", "gemini", "--managed-settings", managed}, "block"},
		{"an unknown global flag, Cursor", cursor, []string{"--no-such-flag", "hook", "--agent", "cursor", "--managed-settings", managed}, "cursor-deny"},
		{"an unknown global flag, the agent from the event", claude, []string{"--no-such-flag", "hook", "--managed-settings", managed}, "block"},
		// Neighbours: a global flag that parses decides as usual; other
		// commands keep their usage exit.
		{"a valid global flag before hook", claude, []string{"--managed-settings", managed, "hook", "--agent", "claude"}, "deny"},
		{"an unknown global flag before check", "", []string{"--no-such-flag", "check", "Bash", `{"command":"ls"}`}, "exit1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := red19Run(t, tt.event, tt.args...)
			var got string
			switch {
			case code == 1:
				got = "exit1"
			case strings.Contains(out, `"permission":"deny"`) && code == 0:
				got = "cursor-deny"
			default:
				got = red19Decision(t, out, code)
			}
			if got != tt.want {
				t.Errorf("got %s, want %s (exit %d, stdout %q, stderr %q)", got, tt.want, code, out, strings.TrimSpace(errOut))
			}
		})
	}
}
