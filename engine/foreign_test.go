package engine

import (
	"context"
	"testing"
)

// TestForeignInputFields: a hook call from another agent may carry fields
// of its own (Claude Code's dangerouslyDisableSandbox); they are not
// validated away, while agentctl's own callers stay strict.
func TestForeignInputFields(t *testing.T) {
	e, err := New(context.Background(), project(t, commandPolicy, map[string]string{}))
	if err != nil {
		t.Fatal(err)
	}
	in := map[string]any{"command": "ls", "description": "list", "dangerouslyDisableSandbox": true}
	d, err := e.Decide(context.Background(), Call{Tool: "Bash", Input: in, Foreign: true})
	if err != nil || d.Decision != Allow {
		t.Errorf("foreign call with an extra field: %v %+v", err, d)
	}
	d, err = e.Decide(context.Background(), Call{Tool: "Bash", Input: map[string]any{"command": "rm victim", "dangerouslyDisableSandbox": true}, Foreign: true})
	if err != nil || d.Decision != Deny || d.Stage != StageDeny {
		t.Errorf("foreign deny: %v %+v", err, d)
	}
	d, _ = e.Decide(context.Background(), Call{Tool: "Bash", Input: in})
	if d.Decision != Deny || d.Stage != StageValidate {
		t.Errorf("own call with an unknown field: %+v, want deny/validate", d)
	}
}
