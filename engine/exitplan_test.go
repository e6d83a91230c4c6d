package engine

import (
	"context"
	"testing"
)

// TestExitPlanModeNeedsApproval: leaving plan mode lifts its refusal of
// every write for the rest of the session (§6: "until an approved
// ExitPlanMode"), so the model's ExitPlanMode is asked like any call no
// rule allows — the reference asks for it in plan mode too. Before, it was
// "a tool that needs no permission": allow, and an agent hook answered
// Claude Code allow, approving the model's own plan.
func TestExitPlanModeNeedsApproval(t *testing.T) {
	rows := []struct {
		policy, mode string
		want         Effect
	}{
		{`{}`, "plan", Ask},
		{`{}`, "default", Ask},
		{`{}`, "acceptEdits", Ask},
		{`{}`, "dontAsk", Deny},
		{`{}`, "bypassPermissions", Allow},
		{`{"permissions": {"allow": ["Bash", "Edit", "Read"]}}`, "plan", Ask},
		{`{"permissions": {"ask": ["ExitPlanMode"], "allow": ["ExitPlanMode"]}}`, "plan", Ask},
		{`{"permissions": {"deny": ["ExitPlanMode"]}}`, "plan", Deny},
		// An org that wants plans approved by policy says so by name.
		{`{"permissions": {"allow": ["ExitPlanMode"]}}`, "plan", Allow},
	}
	for _, r := range rows {
		e, err := New(context.Background(), project(t, r.policy, map[string]string{}))
		if err != nil {
			t.Fatal(err)
		}
		d, err := e.Decide(context.Background(), Call{Tool: "ExitPlanMode", Input: map[string]any{"plan": "1. edit x"}, Mode: r.mode})
		if err != nil {
			t.Fatal(err)
		}
		if d.Decision != r.want {
			t.Errorf("%s in %s: %s (%s), want %s", r.policy, r.mode, d.Decision, d.Reason, r.want)
		}
	}
	// Neighbours that change only the session's own state stay free.
	e, err := New(context.Background(), project(t, `{}`, map[string]string{}))
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range []string{"TodoWrite"} {
		d, err := e.Decide(context.Background(), Call{Tool: tool, Input: map[string]any{"todos": []any{}}, Mode: "plan"})
		if err != nil || d.Decision != Allow {
			t.Errorf("%s in plan: %v %v, want allow", tool, d.Decision, err)
		}
	}
}
