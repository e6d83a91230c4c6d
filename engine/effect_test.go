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
