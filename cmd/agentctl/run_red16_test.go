package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The run pipeline's tools, sixteenth red-team pass: what a real
// agentctl run executes and remembers after a decision.

// red16runApprover writes an approver that answers every ask "always
// allow" and counts the asks; it returns the flag value and the counter.
func red16runApprover(t *testing.T) (string, string) {
	t.Helper()
	dir := t.TempDir()
	counter := filepath.Join(dir, "asked")
	approver := filepath.Join(dir, "approve.sh")
	body := "#!/bin/sh\ncat > /dev/null\necho x >> '" + counter + "'\necho '{\"behavior\": \"allow\", \"always\": true}'\n"
	if err := os.WriteFile(approver, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	return "'" + approver + "'", counter
}

// TestRed16RunSearchGrantIsNotATree: "always allow" of a Glob (or a Grep)
// of a directory beside the project, then a Read of a file in it the
// approver never saw: the Read asks again (the session rule would have
// been Read(//dir), every file below it).
func TestRed16RunSearchGrantIsNotATree(t *testing.T) {
	cwd, home := red15pathsProject(t)
	docs := filepath.Join(home, "docs")
	if err := os.MkdirAll(docs, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{"a.txt": "PUBLIC_DOC", "keys/id": "SECRET_KEY"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(docs, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(docs, name), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		name      string
		approved  [2]string
		next      [2]string
		wantAsked int
	}{
		{"glob then read", [2]string{"Glob", `{"pattern":"*.txt","path":"` + docs + `"}`},
			[2]string{"Read", `{"file_path":"` + docs + `/keys/id"}`}, 2},
		{"grep then read", [2]string{"Grep", `{"pattern":"zzz","path":"` + docs + `"}`},
			[2]string{"Read", `{"file_path":"` + docs + `/keys/id"}`}, 2},
		{"read of a directory then a file in it", [2]string{"Read", `{"file_path":"` + docs + `/keys"}`},
			[2]string{"Read", `{"file_path":"` + docs + `/keys/id"}`}, 2},
		// Harmless neighbour: a file approved always is not asked again.
		{"read of a file twice", [2]string{"Read", `{"file_path":"` + docs + `/a.txt"}`},
			[2]string{"Read", `{"file_path":"` + docs + `/a.txt"}`}, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			approver, counter := red16runApprover(t)
			red15pathsRun(t, cwd, "", [][2]string{tt.approved, tt.next}, "--permission-prompt-command", approver)
			asked, _ := os.ReadFile(counter)
			if n := strings.Count(string(asked), "x"); n != tt.wantAsked {
				t.Errorf("asked %d times, want %d", n, tt.wantAsked)
			}
		})
	}
}
