package main

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestBatchStreamAnswersEachLine feeds check --batch - one line at a time
// through a pipe, as a caller that waits for each answer does: every line
// is answered before the next is written (lines read together are decided
// together, but a line is never held back for one not yet sent).
func TestBatchStreamAnswersEachLine(t *testing.T) {
	dir := t.TempDir()
	managed := filepath.Join(dir, "managed.json")
	os.WriteFile(managed, []byte(`{"permissions":{"deny":["Bash(rm:*)"],"allow":["Bash(ls:*)"]}}`), 0o644)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	code := make(chan int, 1)
	go func() {
		code <- run([]string{"agentctl", "--cwd", dir, "--managed-settings", managed, "check", "--batch", "-"}, inR, outW, io.Discard)
		outW.Close()
	}()
	answers := bufio.NewReader(outR)
	calls := []struct{ line, want string }{
		{`{"tool_name":"Bash","tool_input":{"command":"ls"}}`, "allow"},
		{`{"tool_name":"Bash","tool_input":{"command":"rm -rf x"}}`, "deny"},
		{``, ""}, // a blank line has no answer
		{`{"tool_name":"Bash","tool_input":{"command":"ls -la"}}` + "\r", "allow"},
	}
	for i, c := range calls {
		if _, err := io.WriteString(inW, c.line+"\n"); err != nil {
			t.Fatal(err)
		}
		if c.want == "" {
			continue
		}
		got := make(chan string, 1)
		go func() { l, _ := answers.ReadString('\n'); got <- l }()
		select {
		case l := <-got:
			var d struct{ Decision string }
			if err := json.Unmarshal([]byte(l), &d); err != nil || d.Decision != c.want {
				t.Fatalf("line %d: answer %q (%v), want %s", i+1, strings.TrimSpace(l), err, c.want)
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("line %d was not answered before the next line was sent", i+1)
		}
	}
	inW.Close()
	if rest, _ := io.ReadAll(answers); len(rest) != 0 {
		t.Fatalf("answers past the last line: %q", rest)
	}
	if c := <-code; c != 0 {
		t.Fatalf("exit %d", c)
	}
}

// TestBatchLongLine holds a line longer than the reader's buffer whole,
// and one past the bound an error naming its line.
func TestBatchLongLine(t *testing.T) {
	long := `{"tool_name":"Bash","tool_input":{"command":"echo ` + strings.Repeat("a", 3<<20) + `"}}`
	in := `{"tool_name":"Bash","tool_input":{"command":"ls"}}` + "\n" + long + "\n" + long
	out, errOut, code := runCLI(t, in, "agentctl", "check", "--batch", "-")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d answers for 3 lines (exit %d): %s", len(lines), code, errOut)
	}
	for i, l := range lines {
		var d struct{ Decision string }
		if err := json.Unmarshal([]byte(l), &d); err != nil || d.Decision == "" {
			t.Fatalf("answer %d is no decision: %.200s", i+1, l)
		}
	}
}
