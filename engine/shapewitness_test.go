package engine

import (
	"testing"

	"github.com/agentctl/agentctl/bashparse"
)

// TestShapeWitnessesPreferStrict: a dynamic segment whose static start may
// begin several protected names stands for the one that asks even in
// bypassPermissions mode, on every run (the names were once tried in a
// map's order, so ".c$X" was .claude or .cargo by chance).
func TestShapeWitnessesPreferStrict(t *testing.T) {
	cases := []struct{ word, want string }{
		{`.c${X}/settings.json`, ".claude/settings.json"},
		{`.g${X}/hooks/pre-commit`, ".git/hooks/pre-commit"},
		{`$D/.bash${X}`, "$/.bash_aliases"}, // the first protected .bash* name, sorted
	}
	for _, c := range cases {
		for i := 0; i < 50; i++ {
			ws := shapeWitnesses(bashparse.File{Path: c.word, Access: bashparse.Write, Dynamic: true})
			if len(ws) == 0 || ws[0] != c.want {
				t.Fatalf("shapeWitnesses(%q) = %q, want first %q", c.word, ws, c.want)
			}
		}
	}
}
