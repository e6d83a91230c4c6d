package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
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

// red16runWorktreeRows: EnterWorktree approved as a worktree under the
// project must check out there and nowhere else. A repository that ships
// .claude/worktrees (or .claude) as a link sent `git worktree add` into
// the link's target: with the link on ~/.config and the name "git", the
// repository's files (its `config`, a core.fsmonitor command) became the
// user's global git configuration.
var red16runWorktreeRows = []struct {
	name string
	link string // "worktrees" or ".claude": which component is a link to the outside ("" none)
	wt   string
	ok   bool
}{
	{"worktrees dir linked to ~/.config", "worktrees", "git", false},
	{".claude linked outside", ".claude", "git", false},
	{"a name climbing out", "", "../../../outside", false},
	{"a name read as an option", "", "-f", false},
	{"an absolute name", "", "/tmp/x", false},
	{"a parent name", "", "..", false},
	// Harmless neighbours: a plain and a dotted name under a real .claude/worktrees.
	{"a plain name", "", "feat", true},
	{"a dotted name", "", "feat.v2", true},
}

func TestRed16RunWorktreeStaysInProject(t *testing.T) {
	for _, tt := range red16runWorktreeRows {
		t.Run(tt.name, func(t *testing.T) {
			root, err := filepath.EvalSymlinks(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			dir, config := filepath.Join(root, "proj"), filepath.Join(root, "home", ".config")
			for name, body := range map[string]string{dir + "/config": "[core]\n\tfsmonitor = touch pwned\n", config + "/keep": ""} {
				if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(name, []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"-c", "user.email=a@b", "-c", "user.name=a", "commit", "-qm", "i"}} {
				if out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput(); err != nil {
					t.Fatalf("git %v: %v %s", args, err, out)
				}
			}
			switch tt.link {
			case "worktrees":
				err = os.MkdirAll(filepath.Join(dir, ".claude"), 0o755)
				if err == nil {
					err = os.Symlink(config, filepath.Join(dir, ".claude", "worktrees"))
				}
			case ".claude":
				if err = os.MkdirAll(filepath.Join(root, "elsewhere"), 0o755); err == nil {
					err = os.Symlink(config, filepath.Join(root, "elsewhere", "worktrees"))
				}
				if err == nil {
					err = os.Symlink(filepath.Join(root, "elsewhere"), filepath.Join(dir, ".claude"))
				}
			}
			if err != nil {
				t.Fatal(err)
			}
			approver, _ := red16runApprover(t)
			res := red15pathsRun(t, dir, "", [][2]string{{"EnterWorktree", `{"name":"` + tt.wt + `"}`}, {"Bash", `{"command":"pwd"}`}},
				"--permission-prompt-command", approver)
			if _, err := os.Stat(filepath.Join(config, "git", "config")); err == nil {
				t.Errorf("the worktree was checked out into %s: %s", config, res[0])
			}
			if _, err := os.Stat(filepath.Join(root, "outside")); err == nil {
				t.Errorf("the worktree was checked out beside the project: %s", res[0])
			}
			want := filepath.Join(dir, ".claude", "worktrees", tt.wt)
			if got := strings.Contains(res[0], "Entered worktree") && strings.Contains(res[1], want); got != tt.ok {
				t.Errorf("entered %v, want %v: %v", got, tt.ok, res)
			}
		})
	}
}

// TestRed16RunToolPanicEndsNoSession: a NotebookEdit of a shipped notebook
// whose cell is not an object panicked and killed the run; a background
// command started before it (decided, but supervised only until the
// session ends) went on running after agentctl was gone. Now the call
// fails, the run ends normally, and the background command is stopped.
func TestRed16RunToolPanicEndsNoSession(t *testing.T) {
	cwd, _ := red15pathsProject(t)
	nb := filepath.Join(cwd, "src", "n.ipynb")
	if err := os.WriteFile(nb, []byte(`{"cells": [1], "nbformat": 4}`), 0o644); err != nil {
		t.Fatal(err)
	}
	mark := filepath.Join(cwd, "src", "late.txt")
	res := red15pathsRun(t, cwd, "acceptEdits", [][2]string{
		{"Bash", `{"command":"sleep 2 && touch ` + mark + `","run_in_background":true}`},
		{"Read", `{"file_path":"` + nb + `"}`},
		{"NotebookEdit", `{"notebook_path":"` + nb + `","cell_id":"cell-0","new_source":"x"}`},
	})
	if !strings.Contains(res[2], "is not a JSON object") {
		t.Errorf("NotebookEdit result %q", res[2])
	}
	if !strings.Contains(res[0], "running in background") {
		t.Fatalf("background command did not start: %q", res[0])
	}
	time.Sleep(3 * time.Second)
	if _, err := os.Stat(mark); err == nil {
		t.Error("the background command outlived the session")
	}
}

// TestRed16RunGlobListingOfDeniedDir: under a Read deny of ~/.ssh/** (and
// in bypassPermissions, where only rules refuse), `echo ~/.ssh/*` printed
// the names in the denied directory that `ls ~/.ssh` and a Glob of it are
// refused: the shell lists the directory to expand the glob. The listing
// is checked where it happens; readable directories still expand.
func TestRed16RunGlobListingOfDeniedDir(t *testing.T) {
	cwd, home := red15pathsProject(t)
	for _, mode := range []string{"default", "bypassPermissions"} {
		res := red15pathsRun(t, cwd, mode, [][2]string{
			{"Bash", `{"command":"echo ` + home + `/.ssh/*"}`},
			{"Bash", `{"command":"for f in ` + home + `/.ssh/*; do echo $f; done"}`},
			{"Bash", `{"command":"echo secrets/*"}`},
			{"Bash", `{"command":"echo src/*.go"}`},
			{"Bash", `{"command":"echo *"}`},
		})
		for i, r := range res[:3] {
			if strings.Contains(r, "id_rsa") || strings.Contains(r, "secrets/key") {
				t.Errorf("%s: call %d listed a denied directory: %s", mode, i, r)
			}
		}
		if !strings.Contains(res[3], "src/a.go") || !strings.Contains(res[4], "src") {
			t.Errorf("%s: a readable glob must expand: %q %q", mode, res[3], res[4])
		}
	}
}
