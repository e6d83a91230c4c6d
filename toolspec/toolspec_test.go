package toolspec

import (
	"strings"
	"testing"
)

func TestEverySchemaCompiles(t *testing.T) {
	for _, s := range All() {
		if _, err := compile(s.Name, s.Schema); err != nil {
			t.Errorf("%s: %v", s.Name, err)
		}
		if s.Family != NoFamily && s.MainField == "" {
			t.Errorf("%s: a file tool needs a main field", s.Name)
		}
	}
}

func TestAliases(t *testing.T) {
	if Canonical("Task") != "Agent" || Canonical("mcp__a__b") != "mcp__a__b" || !Known("Task") || Known("Nope") {
		t.Error("Task must be Agent; other names stay")
	}
	if s, ok := Lookup("Task"); !ok || s.Name != "Agent" {
		t.Errorf("Lookup(Task) = %v, %v", s.Name, ok)
	}
}

func TestValidate(t *testing.T) {
	for _, tc := range []struct {
		tool string
		in   map[string]any
		want string // "" for valid; else a substring of the problems
	}{
		{"Read", map[string]any{"file_path": "/x"}, ""},
		{"Read", map[string]any{"file_path": "/x", "offset": 0.0}, "Read: parameter `offset`"},
		{"Read", map[string]any{"file_path": "x"}, "must be an absolute path"},
		{"Read", map[string]any{"file_path": "/x\x00"}, "NUL byte"},
		{"Read", map[string]any{}, "required parameter `file_path` is missing"},
		{"WebSearch", map[string]any{"query": "a"}, "WebSearch: parameter `query`"},
		{"Bash", map[string]any{"command": "  "}, "must not be empty"},
		{"Bash", map[string]any{"command": "ls", "extra": true}, "unexpected parameter(s) `extra`"},
		{"Edit", map[string]any{"file_path": "/x", "old_string": "a", "new_string": "a"}, "must differ"},
		{"WebFetch", map[string]any{"url": "ftp://x/", "prompt": "p"}, "only http and https"},
		{"WebFetch", map[string]any{"url": "https://evil.com../", "prompt": "p"}, "empty label"},
		{"WebFetch", map[string]any{"url": "https://.evil.com/", "prompt": "p"}, "empty label"},
		{"WebFetch", map[string]any{"url": "https://a..evil.com/", "prompt": "p"}, "empty label"},
		{"WebFetch", map[string]any{"url": "https://:443/", "prompt": "p"}, "absolute http or https URL"},
		{"WebFetch", map[string]any{"url": "https://evil.com\u3002\uff0e/", "prompt": "p"}, "empty label"},
		{"WebFetch", map[string]any{"url": "https://evil.com./x", "prompt": "p"}, ""},
		{"WebFetch", map[string]any{"url": "https://[::1]:8080/", "prompt": "p"}, ""},
		{"Task", map[string]any{"prompt": "p", "model": "any"}, ""},
		{"mcp__s__t", map[string]any{"anything": 1.0}, ""},
		{"Nope", nil, "unknown tool"},
	} {
		got := strings.Join(Validate(tc.tool, tc.in), "\n")
		if (tc.want == "" && got != "") || (tc.want != "" && !strings.Contains(got, tc.want)) {
			t.Errorf("%s %v: got %q, want %q", tc.tool, tc.in, got, tc.want)
		}
	}
}
