package engine

import (
	"encoding/json"
	"testing"
)

func TestEffectAndStageJSON(t *testing.T) {
	d := Decision{Decision: Ask, Stage: StageSafety, Matches: []Match{{Stage: StageMode, Decision: Allow, Reason: "r"}, {Stage: StageTool}}}
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"decision":"ask","stage":"safety","reason":"","rule":null,"matches":[{"decision":"allow","reason":"r","stage":"mode"},{"stage":"tool"}],"tool_name":""}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
	var back Decision
	if err := json.Unmarshal(b, &back); err != nil || back.Decision != Ask || back.Stage != StageSafety || back.Matches[0].Decision != Allow {
		t.Errorf("round trip: %+v %v", back, err)
	}
	for _, bad := range []string{`{"decision":"maybe","stage":"deny"}`, `{"decision":"deny","stage":"later"}`, `{"decision":"deny"}`} {
		var v any
		_ = json.Unmarshal([]byte(bad), &v)
		if _, err := parseDecision(v); err == nil {
			t.Errorf("%s: accepted", bad)
		}
	}
	for s := StageDeny; s <= StageError; s++ {
		if s.String() == "" || Stage(0).String() != "" || Effect(0).String() != "" {
			t.Errorf("stage %d has no name", s)
		}
	}
}

// TestMatchJSONAsMap: a match marshals byte for byte as the map it once
// was (sorted keys; rule fields only with a rule; reason and decision only
// when set).
func TestMatchJSONAsMap(t *testing.T) {
	asMap := func(m Match) []byte {
		out := map[string]any{"stage": m.Stage}
		if m.Reason != "" {
			out["reason"] = m.Reason
		}
		if m.Decision != 0 {
			out["decision"] = m.Decision
		}
		if m.RuleRef != nil {
			out["text"], out["behavior"], out["source"] = m.Text, m.Behavior, m.Source
			out["file"], out["line"], out["column"] = m.File, m.Line, m.Column
		}
		b, _ := json.Marshal(out)
		return b
	}
	for _, m := range []Match{
		{Stage: StageDeny},
		{Stage: StageSafety, Reason: "r <&> \xff", Decision: Ask},
		{Stage: StageAllow, Decision: Allow, RuleRef: &RuleRef{Text: "Bash(ls *)", Behavior: "allow", Source: "projectSettings", File: "f", Line: 3, Column: 7}},
		{Stage: StageDeny, RuleRef: &RuleRef{}},
	} {
		got, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		if want := asMap(m); string(got) != string(want) {
			t.Errorf("got  %s\nwant %s", got, want)
		}
	}
}
