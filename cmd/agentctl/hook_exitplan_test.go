package main

import (
	"strings"
	"testing"
)

// TestHookExitPlanModeAsks: Claude Code's PreToolUse for ExitPlanMode in
// plan mode is answered ask, so Claude Code shows its own plan prompt. An
// allow here was the model approving its own plan: the hook's allow lifts
// plan mode's refusal of every write for the rest of the session. A real
// hook process, fed Claude Code's event.
func TestHookExitPlanModeAsks(t *testing.T) {
	cwd, managed := hookProject(t)
	for _, mode := range []string{"plan", "default", "acceptEdits"} {
		event := `{"hook_event_name":"PreToolUse","cwd":"` + cwd + `","permission_mode":"` + mode +
			`","tool_name":"ExitPlanMode","tool_input":{"plan":"1. rewrite main.go"}}`
		out, errOut, code := hookProc(t, nil, event, nil, "--agent", "claude", "--managed-settings", managed)
		if code != 0 || !strings.Contains(out, `"permissionDecision":"ask"`) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want an ask", mode, code, out, errOut)
		}
	}
}
