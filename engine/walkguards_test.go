package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentctl/agentctl/settings"
)

// walkGuardsSettings writes a flag settings file whose path rules are the
// given deny and ask lists, plus allow, and returns its path.
func walkGuardsSettings(t *testing.T, deny, ask, allow []string) string {
	t.Helper()
	perms := map[string]any{}
	for k, v := range map[string][]string{"deny": deny, "ask": ask, "allow": allow} {
		if len(v) > 0 {
			perms[k] = v
		}
	}
	b, _ := json.Marshal(map[string]any{"permissions": perms})
	p := filepath.Join(t.TempDir(), "s.json")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// walkGuardsRules lists n path rules of tool on directories a00, a01 …:
// their guards sort before zz/, the one rule that decides.
func walkGuardsRules(tool string, n int) []string {
	var out []string
	for i := 0; i < n; i++ {
		out = append(out, fmt.Sprintf("%s(a%02d/**)", tool, i))
	}
	return out
}

// TestWalkWitnessesAreOfRulesThatSeeTheWalk: a walk lists at most a few
// witnesses (maxWalkWitnesses), so each must be of a rule that sees the
// walk's access. A read walk's witness under an Edit rule, or a write
// walk's under a Read ask rule, decides nothing: twenty such rules whose
// guards sort first crowded out the one rule that decides, and the walk
// was allowed.
func TestWalkWitnessesAreOfRulesThatSeeTheWalk(t *testing.T) {
	dir := t.TempDir()
	rows := []struct {
		name, cmd               string
		deny, ask, allow        []string
		want                    string
		wantWitness, notWitness string
	}{
		{"read walk behind Edit denies", "grep -r TOKEN .", append(walkGuardsRules("Edit", 20), "Read(zz/**)"), nil,
			[]string{"Bash(grep:*)"}, "ask", "/zz", "/a00"},
		{"read walk behind Edit asks", "grep -r TOKEN .", []string{"Read(zz/**)"}, walkGuardsRules("Edit", 20),
			[]string{"Bash(grep:*)"}, "ask", "/zz", "/a00"},
		{"read walk behind Edit denies, Read ask decides", "tar czf /tmp/out.tgz .", walkGuardsRules("Edit", 20), []string{"Read(zz/**)"},
			[]string{"Bash(tar:*)"}, "ask", "/zz", "/a00"},
		{"write walk behind Read asks", "tar xf a.tar", []string{"Edit(zz/**)"}, walkGuardsRules("Read", 20),
			[]string{"Bash(tar:*)"}, "ask", "/zz", "/a00"},
		{"write walk meets a Read deny", "tar xf a.tar", append(walkGuardsRules("Edit", 0), "Read(zz/**)"), walkGuardsRules("Read", 20),
			[]string{"Bash(tar:*)"}, "ask", "/zz", "/a00"},
		// neighbours: rules that cannot see the walk make it ask no more
		{"read walk under Edit rules only", "grep -r TOKEN .", walkGuardsRules("Edit", 20), nil,
			[]string{"Bash(grep:*)"}, "allow", "", "/a00"},
		{"write walk under Read ask rules only", "tar xf a.tar", nil, walkGuardsRules("Read", 20),
			[]string{"Bash(tar:*)"}, "ask", "", "/a00"}, // asks for the protected paths it may write, not for a00
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			d := decideBashIn(t, dir, walkGuardsSettings(t, r.deny, r.ask, r.allow), false, r.cmd)
			if got := d.Decision.String(); got != r.want {
				t.Fatalf("%q: %s (%s: %s), want %s", r.cmd, got, d.Stage, d.Reason, r.want)
			}
			if r.wantWitness != "" && !strings.Contains(d.Reason, filepath.Join(dir, r.wantWitness)) {
				t.Errorf("%q: reason %q names no %s", r.cmd, d.Reason, r.wantWitness)
			}
			if strings.Contains(d.Reason, filepath.Join(dir, r.notWitness)) {
				t.Errorf("%q: reason %q names %s, whose rules cannot see the walk", r.cmd, d.Reason, r.notWitness)
			}
		})
	}
}

// TestWalkWitnessesAreBounded: under a policy of many deny rules a walk
// without include filters lists at most maxWalkWitnesses witnesses (one
// already makes it ask), while a walk whose filters aim at guarded files
// keeps every certain one.
func TestWalkWitnessesAreBounded(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"a03", "a07", "a11", "a19"} {
		os.MkdirAll(filepath.Join(dir, d), 0o755)
		os.WriteFile(filepath.Join(dir, d, "k.pem"), []byte("k"), 0o600)
	}
	deny := append(walkGuardsRules("Read", 40), "Read(**/*.pem)")
	flag := walkGuardsSettings(t, deny, nil, []string{"Bash(grep:*)"})
	s, err := settings.Load(settings.Options{Cwd: dir, Home: t.TempDir(), ManagedFile: filepath.Join(t.TempDir(), "none.json"), FlagSettings: flag})
	if err != nil {
		t.Fatal(err)
	}
	e, err := New(context.Background(), s, WithEvaluator(EvalBoth))
	if err != nil {
		t.Fatal(err)
	}
	reach := func(cmd string) []ReachFact {
		in, problems := e.input(Call{Tool: "Bash", Input: map[string]any{"command": cmd}})
		if len(problems) > 0 {
			t.Fatal(problems)
		}
		return in.Facts.Reach
	}
	if got := reach("grep -r TOKEN ."); len(got) == 0 || len(got) > maxWalkWitnesses {
		t.Errorf("grep -r: %d witnesses, want 1 to %d", len(got), maxWalkWitnesses)
	}
	certain := 0
	for _, r := range reach("grep -r --include=*.pem TOKEN .") {
		if r.Certain {
			certain++
		}
	}
	if certain == 0 {
		t.Errorf("grep -r --include=*.pem: no certain witness")
	}
	d, err := e.Decide(context.Background(), Call{Tool: "Bash", Input: map[string]any{"command": "grep -r TOKEN ."}})
	if err != nil || d.Decision.String() != "ask" {
		t.Errorf("grep -r under forty deny rules: %v %v", d, err)
	}
	d, err = e.Decide(context.Background(), Call{Tool: "Bash", Input: map[string]any{"command": "grep -r --include=*.pem TOKEN ."}})
	if err != nil || d.Decision.String() != "deny" {
		t.Errorf("grep -r --include=*.pem: %v %v, want deny", d.Decision, err)
	}
}
