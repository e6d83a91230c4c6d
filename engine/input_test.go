package engine

import (
	"errors"
	"strings"
	"testing"
)

func TestCheckJSON(t *testing.T) {
	tests := []struct {
		name, raw string
		want      error  // nil: accepted
		where     string // "line:col: message" prefix of the error
	}{
		{"plain", `{"command":"ls"}`, nil, ""},
		{"same key in sibling objects", `{"a":{"k":1},"b":{"k":2},"c":[{"k":1},{"k":2}]}`, nil, ""},
		{"key equal to a value", `{"k":"k","v":["k","k"]}`, nil, ""},
		{"surrogate pair", `{"s":"\ud83d\ude00"}`, nil, ""},
		{"escaped backslash before u", `{"s":"\\ud800"}`, nil, ""},
		{"unicode text", `{"s":"héllo ✓"}`, nil, ""},
		{"duplicate key", `{"command":"sudo rm -rf /","command":"ls"}`, ErrDuplicateKey, `1:28: duplicate key "command"`},
		{"duplicate after unescaping", `{"command":"ls","comm\u0061nd":"sudo rm -rf /"}`, ErrDuplicateKey, `1:17: duplicate key "command"`},
		{"nested duplicate", "{\"edits\": [\n  {\"old_string\": \"a\", \"old_string\": \"b\"}]}", ErrDuplicateKey, `2:23: duplicate key "old_string"`},
		{"duplicate in a later object", `[{"a":1},{"a":1,"a":2}]`, ErrDuplicateKey, `1:17:`},
		{"invalid UTF-8", "{\"command\":\"ls \xff\"}", ErrInvalidUTF8, "1:16: invalid UTF-8 byte 0xff"},
		{"truncated rune", "{\"s\":\"\xe2\x9c\"}", ErrInvalidUTF8, "1:7:"},
		{"lone high surrogate", `{"s":"\ud800x"}`, ErrInvalidUTF8, `1:7: \ud800 is a lone UTF-16 surrogate`},
		{"lone low surrogate", `{"s":"\udc00"}`, ErrInvalidUTF8, `1:7:`},
		{"reversed pair", `{"s":"\ude00\ud83d"}`, ErrInvalidUTF8, `1:7:`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckJSON("in", []byte(tt.raw))
			if tt.want == nil {
				if err != nil {
					t.Fatalf("rejected: %v", err)
				}
				return
			}
			if !errors.Is(err, tt.want) || !errors.Is(err, ErrInvalidInput) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			if !strings.HasPrefix(err.Error(), "in:"+tt.where) {
				t.Errorf("err = %q, want it to start with in:%s", err, tt.where)
			}
		})
	}
}

func TestDecodeInput(t *testing.T) {
	if in, err := DecodeInput("x", []byte(`{"command":"ls"}`)); err != nil || in["command"] != "ls" {
		t.Errorf("valid input: %v %v", in, err)
	}
	for _, raw := range []string{`{not json`, `null`, `[1]`, `{"a":1} {"b":2}`} {
		if _, err := DecodeInput("x", []byte(raw)); err == nil || errors.Is(err, ErrInvalidInput) {
			t.Errorf("%s: err = %v, want a plain syntax error", raw, err)
		}
	}
	if _, err := DecodeInput("x", []byte(`{"a":1,"a":2}`)); !errors.Is(err, ErrDuplicateKey) {
		t.Errorf("duplicate: %v", err)
	}
}

func TestInvalidCallIsDeniedAtValidate(t *testing.T) {
	s := project(t, `{"permissions": {"allow": ["Bash"]}}`, map[string]string{})
	e, err := New(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	_, derr := DecodeInput("INPUT_JSON", []byte(`{"command":"sudo rm -rf /","command":"ls"}`))
	d, err := e.Decide(t.Context(), Call{Tool: "Bash", Input: map[string]any{"command": "ls"}, Invalid: []string{derr.Error()}})
	if err != nil || d.Decision != Deny || d.Stage != StageValidate || !strings.Contains(d.Reason, "duplicate key") {
		t.Errorf("decision %+v err %v, want deny/validate", d, err)
	}
}
