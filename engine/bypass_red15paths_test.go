package engine

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// Bypass classes of the fifteenth red-team pass on file-tool paths. Every
// row runs on real files and links in a temporary directory, with both
// evaluators (EvalBoth fails on any difference).

// red15pathsPolicy denies the usual secrets and asks for notes.
const red15pathsPolicy = `{"permissions":{"deny":["Read(.env)","Read(secrets/**)","Edit(secrets/**)","Read(~/.ssh/**)"],` +
	`"ask":["Read(notes/**)"],"allow":["Read(src/**)","Edit(src/**)"]}}`

// red15pathsClasses are the rows; <cwd> is the project.
var red15pathsClasses = map[string][]toolRow{
	"r15-1 a hard link to a guarded file under a harmless name": {
		// src/notes.txt is .env's inode: reading it reads .env. The rules
		// name the other name; the literal names they cover are compared.
		{"Read", `{"file_path":"<cwd>/src/notes.txt"}`, "", "deny"},
		{"Read", `{"file_path":"<cwd>/src/notes.txt"}`, "bypassPermissions", "deny"},
		{"Read", `{"file_path":"<cwd>/src/k2"}`, "", "deny"},
		{"Read", `{"file_path":"<cwd>/src/k3"}`, "bypassPermissions", "deny"},
		{"Read", `{"file_path":"<cwd>/src/id"}`, "bypassPermissions", "deny"},
		{"Read", `{"file_path":"<cwd>/sub/inner/e"}`, "bypassPermissions", "deny"},
		{"Read", `{"file_path":"<cwd>/src/n2"}`, "", "ask"},
		{"Read", `{"file_path":"<cwd>/src/n2"}`, "dontAsk", "deny"},
		// Through a symlink to the hard link, and by other tools.
		{"Read", `{"file_path":"<cwd>/src/sl"}`, "bypassPermissions", "deny"},
		{"Grep", `{"pattern":"T","path":"<cwd>/src/notes.txt"}`, "bypassPermissions", "deny"},
		{"Bash", `{"command":"cat src/notes.txt"}`, "", "deny"},
		{"Bash", `{"command":"head -1 < src/k2"}`, "bypassPermissions", "deny"},
		{"Bash", `{"command":"cat sub/inner/e"}`, "bypassPermissions", "deny"},
		{"Edit", `{"file_path":"<cwd>/src/k2","old_string":"k","new_string":"x"}`, "acceptEdits", "deny"},
		{"Write", `{"file_path":"<cwd>/src/k2","content":"x"}`, "bypassPermissions", "deny"},
		{"Bash", `{"command":"echo x >> src/k3"}`, "bypassPermissions", "deny"},
		{"Bash", `{"command":"rm src/k2"}`, "acceptEdits", "allow"},
		// Benign neighbours: a hard link between two harmless files, and
		// the project's own files.
		{"Read", `{"file_path":"<cwd>/src/h1"}`, "", "allow"},
		{"Bash", `{"command":"cat src/h2"}`, "", "allow"},
		{"Read", `{"file_path":"<cwd>/src/a.go"}`, "", "allow"},
		{"Grep", `{"pattern":"x","path":"<cwd>/src"}`, "", "allow"},
		{"Bash", `{"command":"cat src/a.go"}`, "", "allow"},
		{"Write", `{"file_path":"<cwd>/src/new.go","content":"x"}`, "acceptEdits", "allow"},
	},
}

// red15pathsProject lays out the project, its home and the hard links.
func red15pathsProject(t *testing.T) (*Engine, string) {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	s := projectAt(t, root, red15pathsPolicy, map[string]string{
		".env": "TOKEN=1", "secrets/key": "k", "secrets/deep/k3": "k3", "notes/n": "n", "sub/.env": "S=1",
		"src/a.go": "package a\n", "src/h1": "h", "sub/inner/x": "x",
	})
	cwd, home := s.Cwd, filepath.Join(root, "home")
	if err := os.MkdirAll(filepath.Join(home, ".ssh"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, ".ssh", "id_rsa"), []byte("PRIV"), 0o600); err != nil {
		t.Fatal(err)
	}
	for name, target := range map[string]string{
		"src/notes.txt": cwd + "/.env", "src/k2": cwd + "/secrets/key", "src/k3": cwd + "/secrets/deep/k3",
		"src/id": home + "/.ssh/id_rsa", "src/n2": cwd + "/notes/n", "sub/inner/e": cwd + "/sub/.env",
		"src/h2": cwd + "/src/h1",
	} {
		if err := os.Link(target, filepath.Join(cwd, name)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("notes.txt", filepath.Join(cwd, "src", "sl")); err != nil {
		t.Fatal(err)
	}
	e, err := New(context.Background(), s, WithEvaluator(EvalBoth))
	if err != nil {
		t.Fatal(err)
	}
	return e, cwd
}

// TestBypassRed15Paths decides every red15 row on a real project.
func TestBypassRed15Paths(t *testing.T) {
	e, cwd := red15pathsProject(t)
	runToolRows(t, e, cwd, red15pathsClasses)
}

// TestGuardedHardLinkTwin: a search tool's walk skips a file that is a
// guarded file under another name (the tool asks Guarded per file), and
// keeps a hard-linked file with no guarded twin.
func TestGuardedHardLinkTwin(t *testing.T) {
	e, cwd := red15pathsProject(t)
	for p, want := range map[string]bool{
		cwd + "/src/notes.txt": true, cwd + "/src/k2": true, cwd + "/src/k3": true, cwd + "/src/id": true,
		cwd + "/src/n2": true, cwd + "/sub/inner/e": true,
		cwd + "/src/h1": false, cwd + "/src/a.go": false, cwd + "/sub/inner/x": false,
	} {
		if got := e.Guarded(p); got != want {
			t.Errorf("Guarded(%s) = %v, want %v", p, got, want)
		}
	}
}
