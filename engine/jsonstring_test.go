package engine

import (
	"bytes"
	"encoding/json"
	"testing"
)

// reflectMatch is the reflection form Match.MarshalJSON replaced.
func reflectMatch(m Match) ([]byte, error) {
	flat := struct {
		Behavior *string `json:"behavior,omitempty"`
		Column   *int    `json:"column,omitempty"`
		Decision Effect  `json:"decision,omitempty"`
		File     *string `json:"file,omitempty"`
		Line     *int    `json:"line,omitempty"`
		Reason   string  `json:"reason,omitempty"`
		Source   *string `json:"source,omitempty"`
		Stage    Stage   `json:"stage"`
		Text     *string `json:"text,omitempty"`
	}{Decision: m.Decision, Reason: m.Reason, Stage: m.Stage}
	if r := m.RuleRef; r != nil {
		flat.Behavior, flat.Column, flat.File, flat.Line = &r.Behavior, &r.Column, &r.File, &r.Line
		flat.Source, flat.Text = &r.Source, &r.Text
	}
	return json.Marshal(flat)
}

func TestMatchJSONEqualsReflect(t *testing.T) {
	ref := &RuleRef{Text: "Bash(rm <x> && y)", Behavior: "deny", Source: "managed", File: "/etc/a\u2028b.json", Line: 3, Column: -1}
	for _, m := range []Match{
		{Stage: StageDeny, Decision: Deny, RuleRef: ref},
		{Stage: StageTool, Reason: "cd to \"src\" combined with git\n\t\x01\xff é \u2029"},
		{Stage: StageAllow, RuleRef: &RuleRef{}},
		{},
	} {
		got, err := m.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		want, _ := reflectMatch(m)
		if !bytes.Equal(got, want) {
			t.Errorf("MarshalJSON\n got %s\nwant %s", got, want)
		}
	}
	if _, err := (Match{Stage: Stage(200)}).MarshalJSON(); err == nil {
		t.Error("an unknown stage marshalled")
	}
}

// FuzzAppendJSONString holds appendJSONString to encoding/json's output.
func FuzzAppendJSONString(f *testing.F) {
	for _, s := range []string{"", "plain", "a\"b\\c", "<>&", "\x00\x1f\x7f", "\b\f\n\r\t", "\xff\xfe", "\u2028\u2029", "é✓😀", "\xed\xa0\x80"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := appendJSONString(nil, s); !bytes.Equal(got, want) {
			t.Fatalf("%q: got %s, want %s", s, got, want)
		}
	})
}
