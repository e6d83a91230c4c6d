package tools

import (
	"path/filepath"
	"reflect"
	"testing"
)

// TestReadResponse: Read's tool_response is the object Claude Code gives
// PostToolUse hooks; the first row is what it sent for "# fixture\n"
// (internal/hookproto/testdata/claude-code-2.1.332/PostToolUse.Read.json).
func TestReadResponse(t *testing.T) {
	tests := []struct {
		name, content string
		in            Input
		want          map[string]any // the "file" object without filePath
	}{
		{"captured", "# fixture\n", Input{}, map[string]any{"content": "# fixture\n", "numLines": 2, "startLine": 1, "totalLines": 2}},
		{"no final newline", "a\nb", Input{}, map[string]any{"content": "a\nb", "numLines": 2, "startLine": 1, "totalLines": 2}},
		{"offset", "a\nb", Input{"offset": 2}, map[string]any{"content": "b", "numLines": 1, "startLine": 2, "totalLines": 2}},
		{"limit", "a\nb\nc\n", Input{"limit": 1}, map[string]any{"content": "a", "numLines": 1, "startLine": 1, "totalLines": 4}},
		{"limit at the last line", "a\nb\n", Input{"limit": 2}, map[string]any{"content": "a\nb", "numLines": 2, "startLine": 1, "totalLines": 3}},
		{"empty", "", Input{}, map[string]any{"content": "", "numLines": 1, "startLine": 1, "totalLines": 1}},
		{"past the end", "a\n", Input{"offset": 9}, map[string]any{"content": "", "numLines": 0, "startLine": 9, "totalLines": 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, "f.txt")
			write(t, p, tt.content)
			tt.in["file_path"] = p
			r := call(t, NewRead(), tt.in, &Context{Cwd: dir})
			if r.Response["type"] != "text" {
				t.Fatalf("tool_response = %v", r.Response)
			}
			file, _ := r.Response["file"].(map[string]any)
			tt.want["filePath"] = p
			if !reflect.DeepEqual(file, tt.want) {
				t.Errorf("file = %v\nwant %v", file, tt.want)
			}
		})
	}
}

// TestHookOutput: the captured PostToolUse.Bash*.json outputs and the
// edges of the trimming.
func TestHookOutput(t *testing.T) {
	for _, tt := range []struct{ out, want string }{
		{"hi\n", "hi"},
		{"\n\tx\nonly-err\n", "\tx\nonly-err"},
		{"  a\n\nerr\nb  \n\n", "  a\n\nerr\nb"},
		{" \n\t\n", ""},
		{"", ""},
	} {
		if got := hookOutput(tt.out); got != tt.want {
			t.Errorf("hookOutput(%q) = %q, want %q", tt.out, got, tt.want)
		}
	}
}
