package hookproto

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// captures are the hook inputs Claude Code 2.1.332 sent (see the README
// next to them), by file name.
func captures(t *testing.T) map[string][]byte {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "claude-code-2.1.332", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no captures: %v", err)
	}
	out := map[string][]byte{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(f)] = b
	}
	return out
}

// TestEncodeInputKeepsClaudeCodesOrder: every capture, decoded and
// encoded again, has its fields in the order Claude Code wrote them.
func TestEncodeInputKeepsClaudeCodesOrder(t *testing.T) {
	for name, raw := range captures(t) {
		t.Run(name, func(t *testing.T) {
			dec := json.NewDecoder(bytes.NewReader(raw))
			dec.UseNumber()
			var fields map[string]any
			if err := dec.Decode(&fields); err != nil {
				t.Fatal(err)
			}
			got, err := EncodeInput(fields)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := Shape(raw)
			if s, _ := Shape(got); s != want {
				t.Errorf("encoded:\n%s\ncaptured:\n%s", s, want)
			}
			if !json.Valid(got) || bytes.ContainsRune(got, '\n') {
				t.Errorf("not one line of JSON: %s", got)
			}
		})
	}
}

func TestEncodeInput(t *testing.T) {
	tests := []struct {
		fields map[string]any
		want   string
	}{
		{map[string]any{"zeta": 1, "tool_name": "Bash", "alpha": true, "session_id": "s",
			"tool_input": map[string]any{"command": "a > b && c < d"}},
			`{"session_id":"s","tool_name":"Bash","tool_input":{"command":"a > b && c < d"},"alpha":true,"zeta":1}`},
		{map[string]any{}, `{}`},
		{map[string]any{"effort": map[string]any{"level": "high"}, "hook_event_name": "Stop", "cwd": "/p"},
			`{"cwd":"/p","effort":{"level":"high"},"hook_event_name":"Stop"}`},
	}
	for _, tt := range tests {
		got, err := EncodeInput(tt.fields)
		if err != nil || string(got) != tt.want {
			t.Errorf("EncodeInput(%v) = %s, %v; want %s", tt.fields, got, err, tt.want)
		}
	}
	if _, err := EncodeInput(map[string]any{"tool_input": func() {}}); err == nil || !strings.Contains(err.Error(), "tool_input") {
		t.Errorf("unencodable field: %v", err)
	}
}

func TestShape(t *testing.T) {
	tests := []struct{ raw, want string }{
		{`{"b":1,"a":{"y":"s","x":[true]},"c":null,"d":[]}`, `{b:number,a:{x:[bool],y:string},c:null,d:[]}`},
		{`[{"k":1},{"k":"other"}]`, `[{k:number}]`},
		{`{"tool_input":{"command":"x"},"n":2}`, `{tool_input:{…},n:number}`},
	}
	for _, tt := range tests {
		got, err := Shape([]byte(tt.raw), "tool_input")
		if err != nil || got != tt.want {
			t.Errorf("Shape(%s) = %s, %v; want %s", tt.raw, got, err, tt.want)
		}
	}
	if _, err := Shape([]byte(`{"a":`)); err == nil {
		t.Error("truncated JSON: no error")
	}
}
