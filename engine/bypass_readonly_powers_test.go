package engine

import (
	"context"
	"testing"
)

// Read-only commands given an option that runs a program or writes files
// are not read-only (spec §3: any flag that writes or executes), and a
// prefix rule does not approve the option (spec §3: a prefix rule approves
// arguments, not new powers). Decided by the evaluator AGENTCTL_EVALUATOR
// names.
func TestReadOnlyCommandPowers(t *testing.T) {
	for _, c := range []struct {
		cmd string
		// noRule is the decision in default mode without rules, rule under
		// a prefix allow rule for the program.
		noRule, rule, allow string
	}{
		// ripgrep runs --hostname-bin to fill {host} in hyperlinks.
		{`rg --hostname-bin=/tmp/evil x`, "ask", "ask", "Bash(rg *)"},
		{`rg --hostname-bin /tmp/evil --hyperlink-format=default x`, "ask", "ask", "Bash(rg *)"},
		{`rg -n x .`, "allow", "allow", "Bash(rg *)"},
		// tree -R writes 00Tree.html into every directory it visits.
		{`tree -R -H . -L 1`, "ask", "allow", "Bash(tree *)"},
		{`tree -aR`, "ask", "allow", "Bash(tree *)"},
		{`tree -a`, "allow", "allow", "Bash(tree *)"},
	} {
		for _, m := range []struct{ policy, want string }{
			{`{}`, c.noRule}, {`{"permissions":{"allow":["` + c.allow + `"]}}`, c.rule},
		} {
			e, err := New(context.Background(), project(t, m.policy, map[string]string{"x": "x\n"}))
			if err != nil {
				t.Fatal(err)
			}
			d, err := e.Decide(context.Background(), Call{Tool: "Bash", Input: map[string]any{"command": c.cmd}})
			if err != nil {
				t.Fatal(err)
			}
			if !wantDecision(m.want, d.Decision.String()) {
				t.Errorf("%s [%s]: got %s (%s: %s), want %s", c.cmd, m.policy, d.Decision, d.Stage, d.Reason, m.want)
			}
		}
	}
}
