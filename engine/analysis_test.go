package engine

import (
	"context"
	"testing"

	"github.com/agentctl/agentctl/bashparse"
)

// TestCallAnalysisIsReusedOnlyForItsOwnText: the engine takes the analysis a
// call carries, but never one of another command text.
func TestCallAnalysisIsReusedOnlyForItsOwnText(t *testing.T) {
	s := project(t, `{"permissions": {"allow": ["Bash(ls *)"], "deny": ["Bash(rm *)"]}}`, map[string]string{})
	e, err := New(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	decideWith := func(cmd string, a bashparse.Analysis) Decision {
		d, err := e.Decide(context.Background(), Call{Tool: "Bash", Input: map[string]any{"command": cmd}, Analysis: &a})
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	if d := decideWith("rm -rf x", bashparse.Parse("ls")); d.Decision != Deny {
		t.Errorf("an analysis of another text was used: %+v", d)
	}
	if d := decideWith("ls -l", bashparse.Parse("ls -l")); d.Decision != Allow {
		t.Errorf("ls -l with its own analysis: %+v", d)
	}
}
