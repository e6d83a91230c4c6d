package engine

import (
	"context"
	"testing"
)

// Long options abbreviated the way getopt_long (and git's parse-options,
// argparse, nopt) accept them: `sort --out=F` is `sort --output=F`. Spec §3:
// options are parsed as the program parses them. Each row is decided in
// default mode with no rule, under a deny on .env, and in bypassPermissions
// mode, by the evaluator AGENTCTL_EVALUATOR names.

const abbrevPolicy = `{"permissions":{"deny":["Read(.env)"],"allow":["Bash(grep *)","Bash(sed *)","Bash(sort *)",` +
	`"Bash(awk *)","Bash(jq *)","Bash(diff *)","Bash(cp *)","Bash(git config *)","Bash(tar *)"]}}`

func TestLongOptionAbbreviations(t *testing.T) {
	for _, c := range []struct {
		cmd string
		// noRule is the decision in default mode without rules (the
		// read-only check); rule under abbrevPolicy; byp under it in
		// bypassPermissions mode.
		noRule, rule, byp string
	}{
		// Writes and programs given by an abbreviated option.
		{`sort --out=/tmp/x f`, "ask", "ask", "allow"},
		{`sort --o=.git/config f`, "ask", "ask", "ask"},
		{`sort --o .git/config f`, "ask", "ask", "ask"},
		{`sort --compress-prog=sh f`, "ask", "ask", "allow"},
		{`diff --outp=/tmp/x a b`, "ask", "ask", "allow"},
		{`git diff --ext`, "ask", "notallow", "allow"},
		{`sed -n --in p f`, "ask", "ask", "allow"},
		{`sed -n --in-pl=.bak p .git/config`, "ask", "ask", "ask"},
		{`sed -n --exp='w .git/hooks/pre-commit' f`, "ask", "ask", "ask"},
		{`sed -n --e 'w /tmp/x' f`, "ask", "notallow", "allow"},
		{`cp --li a .git/x`, "ask", "ask", "ask"},
		{`cp --target=.git/hooks a`, "ask", "ask", "ask"},
		{`git config --glob core.pager less`, "ask", "ask", "allow"},
		{`tar --to-com=sh -xf a.tar`, "ask", "notallow", "notallow"},
		// A pattern given by an abbreviated option: the first operand is
		// the file read (.env: denied under the rule).
		{`grep --reg=x .env`, "allow", "deny", "deny"},
		{`grep --reg x .env`, "allow", "deny", "deny"},
		{`grep --fi=pats .env`, "allow", "deny", "deny"},
		{`sed -n --exp=p .env`, "allow", "deny", "deny"},
		{`sed -n --e p .env`, "allow", "deny", "deny"},
		{`awk --so=1 .env`, "ask", "deny", "deny"},
		// jq reading its program from a file is not read-only (the reference
		// asks for -f as a dangerous flag).
		{`jq --from=f .env`, "ask", "deny", "deny"},
		// Benign neighbours stay as they were.
		{`sort -r f`, "allow", "allow", "allow"}, // (sort -k asks: the reference asks for it)
		{`grep --color=auto foo f`, "allow", "allow", "allow"},
		{`sed -n --quiet p f`, "allow", "allow", "allow"},
		{`diff -u a b`, "allow", "allow", "allow"},
		{`git config --get user.name`, "allow", "allow", "allow"},
	} {
		for _, m := range []struct{ policy, mode, want string }{
			{`{}`, "default", c.noRule}, {abbrevPolicy, "default", c.rule}, {abbrevPolicy, "bypassPermissions", c.byp},
		} {
			e, err := New(context.Background(), project(t, m.policy, map[string]string{"f": "x\n", ".git/config": "[core]\n"}))
			if err != nil {
				t.Fatal(err)
			}
			d, err := e.Decide(context.Background(), Call{Tool: "Bash", Mode: m.mode, Input: map[string]any{"command": c.cmd}})
			if err != nil {
				t.Fatal(err)
			}
			if !wantDecision(m.want, d.Decision.String()) {
				t.Errorf("%s [%s, %s]: got %s (%s: %s), want %s", c.cmd, m.policy, m.mode, d.Decision, d.Stage, d.Reason, m.want)
			}
		}
	}
}
