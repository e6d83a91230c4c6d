package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"
)

// TestDecisionAppendJSONEqualsMarshal holds Decision.AppendJSON to the
// bytes json.Marshal writes: for hand-made decisions with every field's
// edge (no rule, no matches, escapes, an invalid byte) and for the real
// decisions of the large policy's calls.
func TestDecisionAppendJSONEqualsMarshal(t *testing.T) {
	ref := &RuleRef{Text: "Bash(rm <x> && y)", Behavior: "deny", Source: "managed", File: "/etc/a\u2028b.json", Line: 3, Column: -1}
	ds := []Decision{
		{},
		{Decision: Deny, Stage: StageDeny, Reason: "denied by rule", Rule: ref,
			Matches: []Match{{Stage: StageDeny, Decision: Deny, RuleRef: ref}, {Stage: StageTool, Reason: "x\n\"y\" \xff"}}, ToolName: "Bash"},
		{Decision: Allow, Stage: StageAllow, Rule: &RuleRef{}, Matches: []Match{}, ToolName: "mcp__a__b"},
		Invalid("Read", "file_path: expected a string", "<&>"),
	}
	e := loadLarge(t, 1000)
	for _, c := range benchCalls(e.settings.Cwd) {
		d, err := e.Decide(context.Background(), c)
		if err != nil {
			t.Fatal(err)
		}
		ds = append(ds, d)
	}
	for _, d := range ds {
		want, err := json.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		got, err := d.AppendJSON([]byte("prefix"))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, append([]byte("prefix"), want...)) {
			t.Errorf("AppendJSON\n got %s\nwant prefix%s", got, want)
		}
	}
	for _, d := range []Decision{{Decision: Effect(9)}, {Stage: Stage(200)}, {Decision: Allow, Stage: StageAllow, Matches: []Match{{Stage: Stage(200)}}}} {
		if _, err := d.AppendJSON(nil); err == nil {
			t.Errorf("%+v marshalled", d)
		}
	}
}
