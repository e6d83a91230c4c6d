package engine

import (
	"context"
	"testing"
)

// TestAgentModeEscalation: an Agent (Task) call whose input starts its
// subagent in a permission mode wider than the session's asks (deny under
// dontAsk): the model must not raise its own powers by delegating. Before,
// every Agent call was "a tool that needs no permission": allow. A mode no
// wider than the session's stays free, and bypass mode lets all through.
func TestAgentModeEscalation(t *testing.T) {
	rows := []struct {
		tool, mode string
		sub        any
		want       Effect
	}{
		{"Agent", "default", "bypassPermissions", Ask},
		{"Task", "default", "bypassPermissions", Ask},
		{"Agent", "default", "acceptEdits", Ask},
		{"Agent", "default", "auto", Ask},
		{"Agent", "plan", "default", Ask},
		{"Agent", "plan", "acceptEdits", Ask},
		{"Agent", "acceptEdits", "bypassPermissions", Ask},
		{"Agent", "default", "BypassPermissions", Ask}, // not a mode's name
		{"Agent", "default", "yolo", Ask},
		{"Agent", "default", 4.0, Ask},
		{"Agent", "default", nil, Ask},
		{"Agent", "dontAsk", "default", Deny},
		{"Agent", "dontAsk", "bypassPermissions", Deny},
		// Neighbours: no wider than the session's mode.
		{"Agent", "default", "default", Allow},
		{"Agent", "default", "plan", Allow},
		{"Task", "acceptEdits", "acceptEdits", Allow},
		{"Agent", "acceptEdits", "default", Allow},
		{"Agent", "dontAsk", "plan", Allow},
		{"Agent", "bypassPermissions", "bypassPermissions", Allow},
		{"Agent", "bypassPermissions", "yolo", Allow},
	}
	e, err := New(context.Background(), project(t, `{}`, map[string]string{}))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		in := map[string]any{"prompt": "refactor x", "mode": r.sub}
		d, err := e.Decide(context.Background(), Call{Tool: r.tool, Input: in, Mode: r.mode})
		if err != nil {
			t.Fatal(err)
		}
		if d.Decision != r.want {
			t.Errorf("%s mode %v in %s: %s (%s), want %s", r.tool, r.sub, r.mode, d.Decision, d.Reason, r.want)
		}
	}
	// No mode named: the subagent inherits the session's.
	d, err := e.Decide(context.Background(), Call{Tool: "Agent", Input: map[string]any{"prompt": "x"}})
	if err != nil || d.Decision != Allow {
		t.Errorf("Agent without mode: %v %v, want allow", d.Decision, err)
	}
}
