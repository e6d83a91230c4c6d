package workflow

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadTranscriptsOrder: files read in parallel keep their order (name
// order in a directory, then the arguments'), stdin included, and an
// error is the first failing file's in that order.
func TestReadTranscriptsOrder(t *testing.T) {
	dir := t.TempDir()
	call := func(id string) string {
		return `{"type":"assistant","sessionId":"s","cwd":"/p","message":{"role":"assistant","content":[{"type":"tool_use","id":"` +
			id + `","name":"Bash","input":{"command":"echo ` + id + `"}}]}}` + "\n"
	}
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(data), 0o644)
		return p
	}
	var big strings.Builder
	for i := range 200 {
		big.WriteString(call("b" + string(rune('a'+i%26))))
	}
	write("sessions/a.jsonl", call("a1")+call("a2"))
	write("sessions/b.jsonl", big.String())
	write("sessions/c.jsonl", call("c1"))
	write("sessions/notes.txt", "not a transcript")
	bad1 := write("bad/1.jsonl", "{\n")
	bad2 := write("bad/2.jsonl", "[]\n")
	for _, tt := range []struct {
		name  string
		paths []string
		stdin string
		want  []string // the first calls' ids, then the count
		n     int
		err   string
	}{
		{"directory", []string{filepath.Join(dir, "sessions")}, "", []string{"a1", "a2", "ba"}, 203, ""},
		{"arguments then stdin", []string{filepath.Join(dir, "sessions/c.jsonl"), "-", filepath.Join(dir, "sessions/a.jsonl")},
			call("s1"), []string{"c1", "s1", "a1", "a2"}, 4, ""},
		{"first error in order", []string{filepath.Join(dir, "sessions"), bad2, bad1}, "", nil, 0, bad2 + ":1:"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			calls, err := ReadTranscripts(tt.paths, strings.NewReader(tt.stdin))
			if tt.err != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tt.err) {
					t.Fatalf("error %v, want %s…", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(calls) != tt.n {
				t.Fatalf("%d calls, want %d", len(calls), tt.n)
			}
			for i, id := range tt.want {
				if calls[i].ToolUseID != id {
					t.Errorf("call %d: %s, want %s", i, calls[i].ToolUseID, id)
				}
			}
		})
	}
}
