package engine

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestCustomInputShape: the custom query is given only the input its
// modules can read — and whatever the analysis cannot bound gives it all.
// Each module also decides a set of calls under both evaluators (the
// package default): the native side sees the pruned input, decision.rego
// the whole, and any difference fails the decision.
func TestCustomInputShape(t *testing.T) {
	for _, tc := range []struct {
		name, module string
		want         string // "all", or the top keys and facts keys read, sorted
	}{
		{"commands", `deny contains "no deploys" if {
	some c in input.facts.commands
	c.wide.name == "deploy"
}`, "facts facts.commands"},
		{"tool", `ask contains m if { m := input.tool; m == "Bash" }`, "tool"},
		{"tool input", `deny contains "x" if contains(input.input.command, "prod")`, "input"},
		{"whole input", `deny contains "x" if count(input) > 100`, "all"},
		{"input key by variable", `deny contains "x" if { k := "tool"; input[k] == "Read" }`, "all"},
		{"walk", `deny contains "x" if { walk(input, [p, v]); v == ".env" }`, "all"},
		{"whole facts", `deny contains "x" if { f := input.facts; count(f.files) > 3 }`, "facts facts.*"},
		{"helper function", `deny contains "x" if bad(input.facts.files)

bad(fs) if { some f in fs; endswith(f.path, ".pem") }`, "facts facts.files"},
		{"helper rule", `deny contains "x" if risky

risky if input.mode == "bypassPermissions"`, "mode"},
		{"else chain", `deny contains m if m := msg

msg := "a" if input.cwd == "/nowhere"
else := "b" if input.home == "/nowhere"`, "cwd home"},
		{"import alias", `import input.facts as f

deny contains "x" if { some u in f.mentions; endswith(u.path, ".env") }`, "facts facts.mentions"},
		{"nested input key", `deny contains "x" if input.facts[input.tool]`, "facts facts.* tool"},
		{"dynamic data ref", `deny contains "x" if { some k; data.agentctl.custom.helpers[k] }

helpers.a if input.mode == "plan"`, "mode"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := project(t, `{"permissions": {"allow": ["Bash"], "deny": ["Read(.env)"]}}`, map[string]string{".env": "x", "a.pem": "k"})
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, "org.rego"), []byte("package agentctl.custom\n\n"+tc.module+"\n"), 0o644)
			e, err := New(context.Background(), s, WithPolicyDir(dir))
			if err != nil {
				t.Fatal(err)
			}
			if got := shapeString(e.custom.shape); got != tc.want {
				t.Errorf("shape %q, want %q", got, tc.want)
			}
			for _, call := range []Call{
				{Tool: "Bash", Input: map[string]any{"command": "deploy prod && cat .env a.pem b.pem c.pem d.pem"}},
				{Tool: "Bash", Input: map[string]any{"command": "ls"}},
				{Tool: "Read", Input: map[string]any{"file_path": filepath.Join(s.Cwd, "a.pem")}},
				{Tool: "Read", Input: map[string]any{"file_path": filepath.Join(s.Cwd, "README.md")}, Mode: "plan"},
			} {
				if _, err := e.Decide(context.Background(), call); err != nil {
					t.Errorf("%v: %v", call.Input, err)
				}
			}
		})
	}
}

func shapeString(s inputShape) string {
	if s.all {
		return "all"
	}
	var out []string
	for k := range s.top {
		out = append(out, k)
	}
	if s.factsAll {
		out = append(out, "facts.*")
	}
	for k := range s.facts {
		out = append(out, "facts."+k)
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}
