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

// TestHookEventReadOneWayRealProcess: `agentctl hook` as each agent runs
// it, on events that could be read as two calls or that name an event
// agentctl does not know: each is that agent's block (exit 2, or Cursor's
// deny), never an allow and never the no-opinion exit 0 that lets the call
// go ahead. The same events written plainly are allowed.
func TestHookEventReadOneWayRealProcess(t *testing.T) {
	cwd, managed := hookProject(t)
	os.MkdirAll(filepath.Join(cwd, "sub"), 0o755)
	sub := filepath.Join(cwd, "sub")
	tests := []struct {
		name, agent, event string
		blocked            bool
	}{
		{"claude: duplicate command", "claude", `{"hook_event_name":"PreToolUse","cwd":"` + cwd + `","tool_name":"Bash","tool_input":{"command":"rm -rf sub","command":"ls"}}`, true},
		{"claude: invalid UTF-8", "claude", "{\"hook_event_name\":\"PreToolUse\",\"cwd\":\"" + cwd + "\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"ls \xfe\"}}", true},
		{"claude: unknown event", "claude", `{"hook_event_name":"PreToolUseX","cwd":"` + cwd + `","tool_name":"Bash","tool_input":{"command":"rm -rf sub"}}`, true},
		{"claude: no event name", "claude", `{"cwd":"` + cwd + `","tool_name":"Bash","tool_input":{"command":"rm -rf sub"}}`, true},
		{"gemini: duplicate command", "gemini", `{"hook_event_name":"BeforeTool","cwd":"` + cwd + `","tool_name":"run_shell_command","tool_input":{"command":"rm -rf sub","command":"ls"}}`, true},
		{"gemini: unknown event", "gemini", `{"hook_event_name":"BeforeTools","cwd":"` + cwd + `","tool_name":"run_shell_command","tool_input":{"command":"ls"}}`, true},
		{"gemini: dir_path and directory differ", "gemini", `{"hook_event_name":"BeforeTool","cwd":"` + cwd + `","tool_name":"run_shell_command","tool_input":{"command":"ls","dir_path":"` + sub + `","directory":"/"}}`, true},
		{"cursor: duplicate command", "cursor", `{"hook_event_name":"beforeShellExecution","conversation_id":"c","workspace_roots":["` + cwd + `"],"command":"rm -rf sub","command":"ls"}`, true},
		{"cursor: path and target_file differ", "cursor", `{"hook_event_name":"preToolUse","conversation_id":"c","workspace_roots":["` + cwd + `"],"tool_name":"Read","tool_input":{"path":"` + sub + `","target_file":"/etc/shadow"}}`, true},
		{"claude: plain", "claude", `{"hook_event_name":"PreToolUse","cwd":"` + cwd + `","tool_name":"Bash","tool_input":{"command":"ls"}}`, false},
		{"gemini: dir_path alone", "gemini", `{"hook_event_name":"BeforeTool","cwd":"` + cwd + `","tool_name":"run_shell_command","tool_input":{"command":"ls","dir_path":"` + sub + `"}}`, false},
		{"cursor: plain", "cursor", `{"hook_event_name":"beforeShellExecution","conversation_id":"c","workspace_roots":["` + cwd + `"],"command":"ls"}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := hookProc(t, nil, tt.event, nil, "--agent", tt.agent, "--managed-settings", managed)
			var a map[string]any
			json.Unmarshal([]byte(out), &a)
			blocked := code == 2 || tt.agent == "cursor" && a["permission"] == "deny"
			if code == 1 || blocked != tt.blocked || tt.blocked && strings.Contains(out, "allow") {
				t.Errorf("exit %d, stdout %q, stderr %q; want blocked %v", code, out, errOut, tt.blocked)
			}
			if !tt.blocked && !strings.Contains(out, "allow") {
				t.Errorf("a plain event was not allowed: exit %d, stdout %q, stderr %q", code, out, errOut)
			}
		})
	}
}

// TestRunHookAnswersRealProcess: `agentctl run` as a real process with
// managed PreToolUse hooks written as real scripts; each answer below let
// `touch made` (or, under an allow rule, `echo`) run before.
func TestRunHookAnswersRealProcess(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	say := func(raw string) string { return "#!/bin/sh\ncat > /dev/null\nprintf '%s\\n' '" + raw + "'\n" }
	tests := []struct {
		name, matcher, hook string
		timeout             int
		command             string
		ran                 bool
	}{
		{"DENY in capitals", "Bash", say(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"DENY"}}`), 0, "echo hi > made", false},
		{"a deny after a banner", "Bash", "#!/bin/sh\ncat > /dev/null\necho 'Welcome!'\n" + `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}'`, 0, "echo hi > made", false},
		{"block beside allow", "Bash", say(`{"decision":"block","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}`), 0, "touch made", false},
		{"a lookahead matcher", "^(?!Read$).*", say(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}`), 0, "echo hi > made", false},
		{"a timeout too large for a Duration", "Bash", say(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}`), 9999999999, "echo hi > made", false},
		{"continue false with allow", "Bash", say(`{"continue":false,"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}`), 0, "touch made", false},
		{"an allow for another event", "Bash", say(`{"hookSpecificOutput":{"hookEventName":"PostToolUse","permissionDecision":"allow"}}`), 0, "touch made", false},
		{"control: allow", "Bash", say(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}`), 0, "touch made", true},
		{"control: plain text", "Bash", "#!/bin/sh\ncat > /dev/null\necho fine\n", 0, "echo hi > made", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir, _ := filepath.EvalSymlinks(t.TempDir())
			hook := filepath.Join(dir, "hook.sh")
			os.WriteFile(hook, []byte(tt.hook), 0o755)
			entry := map[string]any{"type": "command", "command": hook}
			if tt.timeout > 0 {
				entry["timeout"] = tt.timeout
			}
			managed, _ := json.Marshal(map[string]any{
				"permissions": map[string]any{"allow": []string{"Bash(echo *)", "Edit(/" + dir + "/made)"}},
				"hooks":       map[string]any{"PreToolUse": []any{map[string]any{"matcher": tt.matcher, "hooks": []any{entry}}}}})
			mf := filepath.Join(t.TempDir(), "managed.json")
			os.WriteFile(mf, managed, 0o644)
			out, errOut, ran := runMadeSession(t, exe, dir, tt.command, "--managed-settings", mf)
			if ran != tt.ran {
				t.Errorf("ran = %v, want %v\nstdout: %s\nstderr: %s", ran, tt.ran, out, errOut)
			}
		})
	}
}

// TestRunApproverAnswerReadStrictestRealProcess: a --permission-prompt-command
// answer that says both deny and allow (behavior beside
// hookSpecificOutput.permissionDecision) ran the call; the strictest field
// decides now. A plain allow still runs it.
func TestRunApproverAnswerReadStrictestRealProcess(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, answer string
		ran          bool
	}{
		{"behavior deny beside permissionDecision allow", `{"behavior":"deny","message":"no","hookSpecificOutput":{"permissionDecision":"allow"}}`, false},
		{"decision.behavior deny beside behavior allow", `{"behavior":"allow","hookSpecificOutput":{"decision":{"behavior":"deny"}}}`, false},
		{"top-level block beside behavior allow", `{"behavior":"allow","decision":"block"}`, false},
		{"behavior Allow in title case", `{"behavior":"Allow"}`, false},
		{"control: behavior allow", `{"behavior":"allow"}`, true},
		{"control: permissionDecision allow", `{"hookSpecificOutput":{"permissionDecision":"allow"}}`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir, _ := filepath.EvalSymlinks(t.TempDir())
			approver := filepath.Join(t.TempDir(), "approve.sh")
			os.WriteFile(approver, []byte("#!/bin/sh\ncat > /dev/null\nprintf '%s\\n' '"+tt.answer+"'\n"), 0o755)
			out, _, ran := runMadeSession(t, exe, dir, "touch made", "--managed-settings", emptyManaged(t),
				"--permission-prompt-command", "'"+approver+"'")
			if ran != tt.ran {
				t.Errorf("ran = %v, want %v\nstdout: %s", ran, tt.ran, out)
			}
		})
	}
}

// runMadeSession runs the real agentctl (this test binary as main) on a
// one-call session of Bash command in dir, with args before the script, and
// reports whether the call made dir/made.
func runMadeSession(t *testing.T, exe, dir, command string, args ...string) (stdout, stderr string, ran bool) {
	t.Helper()
	q, _ := json.Marshal(command)
	script := filepath.Join(t.TempDir(), "s.jsonl")
	os.WriteFile(script, []byte(`{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{"command":`+string(q)+`}}]}`+"\n"), 0o644)
	argv := append(append([]string{"run", "--cwd", dir, "--session-dir", t.TempDir()}, args...), script)
	cmd := exec.Command(exe, argv...)
	cmd.Env = append(os.Environ(), asMainEnv+"=1", "HOME="+t.TempDir(), "CLAUDE_CONFIG_DIR=")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v: %s", err, errb.String())
	}
	_, statErr := os.Stat(filepath.Join(dir, "made"))
	return out.String(), errb.String(), statErr == nil
}
