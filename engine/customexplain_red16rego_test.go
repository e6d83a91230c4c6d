package engine

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// red16regoExplainModules are two org modules; org.rego's rules start at
// the lines the rows name.
var red16regoExplainModules = map[string]string{
	"org.rego": `package agentctl.custom

import data.agentctl.lib

allow contains "curl is fine here" if {
	some c in input.facts.commands
	startswith(c.narrow.text, "curl")
}

deny contains "no wget" if {
	some c in input.facts.commands
	startswith(c.narrow.text, "wget")
}

ask contains {"msg": "scp leaves the machine", "id": 7} if {
	some c in input.facts.commands
	startswith(c.narrow.text, "scp")
}
`,
	"zz.rego": `package agentctl.custom

deny contains msg if {
	some c in input.facts.commands
	startswith(c.narrow.text, "wget")
	msg := "also no wget"
}

deny contains "no nc" if {
	some c in input.facts.commands
	startswith(c.narrow.text, "nc")
}
`,
}

// red16regoExplainRows: command → the decision, the rule explain names
// (file "" for none), and its line.
var red16regoExplainRows = []struct {
	name, mode, command string
	want                Effect
	file                string
	line                int
}{
	{"custom allow beside a settings allow of a part", "", "make && curl x", Allow, "org.rego", 5},
	// Two rules deny wget; "also no wget" sorts first and is reported.
	{"custom deny: the rule of the reported message", "", "wget x", Deny, "zz.rego", 3},
	{"custom deny in the second module", "", "nc host 1", Deny, "zz.rego", 9},
	{"custom ask with an object message", "", "scp a b:", Ask, "org.rego", 15},
	{"custom ask under dontAsk", "dontAsk", "scp a b:", Deny, "org.rego", 15},
	// Neighbours: a settings rule decides and is the one named; no rule.
	{"settings deny over custom allow", "", "rm x && curl x", Deny, ".claude/settings.json", 0},
	{"settings allow", "", "make", Allow, ".claude/settings.json", 0},
	{"nothing decides", "", "true", Allow, "", 0},
}

// TestRed16regoExplainCustomRule: explain names the custom module rule
// (file and line) that gave a custom verdict, and lists it first at its
// stage — it said nothing (custom deny) or pointed at a settings allow
// rule that approved only part of the call (custom allow).
func TestRed16regoExplainCustomRule(t *testing.T) {
	s := project(t, `{"permissions": {"allow": ["Bash(make:*)"], "deny": ["Bash(rm:*)"]}}`, map[string]string{})
	dir := t.TempDir()
	for name, src := range red16regoExplainModules {
		os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644)
	}
	e, err := New(context.Background(), s, WithPolicyDir(dir))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range red16regoExplainRows {
		t.Run(tc.name, func(t *testing.T) {
			x, err := e.Explain(context.Background(), Call{Tool: "Bash", Mode: tc.mode, Input: map[string]any{"command": tc.command}}, nil)
			if err != nil {
				t.Fatal(err)
			}
			d := x.Decision
			if d.Decision != tc.want {
				t.Fatalf("got %v %q, want %v", d.Decision, d.Reason, tc.want)
			}
			if tc.file == "" {
				if d.Rule != nil {
					t.Errorf("named rule %+v; none decided", *d.Rule)
				}
				return
			}
			if d.Rule == nil {
				t.Fatalf("no rule named for %q", d.Reason)
			}
			if filepath.Base(d.Rule.File) != filepath.Base(tc.file) || tc.line > 0 && d.Rule.Line != tc.line {
				t.Errorf("named %s:%d (%s), want %s:%d", d.Rule.File, d.Rule.Line, d.Rule.Text, tc.file, tc.line)
			}
			for _, m := range d.Matches {
				if m.Stage == d.Stage {
					if m.RuleRef == nil || *m.RuleRef != *d.Rule {
						t.Errorf("first match of stage %v is %+v, not the deciding rule", d.Stage, m)
					}
					break
				}
			}
			// Decide stays as it was: the same decision and reason.
			plain, err := e.Decide(context.Background(), Call{Tool: "Bash", Mode: tc.mode, Input: map[string]any{"command": tc.command}})
			if err != nil || plain.Decision != d.Decision || plain.Reason != d.Reason {
				t.Errorf("Decide: %v %q (%v), explain %v %q", plain.Decision, plain.Reason, err, d.Decision, d.Reason)
			}
		})
	}
}
