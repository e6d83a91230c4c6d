package tools

import (
	"os"
	"path/filepath"
	"testing"
)

// red16worktreeRows: where EnterWorktree may check out name, in a
// repository whose .claude/worktrees holds a link "out" (→ outside), a
// file "f" and a real directory "team".
var red16worktreeRows = []struct {
	name string
	ok   bool
}{
	{"out", false},        // a link: the checkout would land outside
	{"out/x", false},      // below the link
	{"f", false},          // a file in the way
	{"..", false},         // the repository's .claude itself
	{".", false},          // the worktrees directory itself
	{"../../x", false},    // climbing out
	{"/abs", false},       // absolute
	{"-b", false},         // read by git as an option
	{"a//b", false},       // an empty part
	{"feat", true},        // harmless: a new worktree
	{"team", true},        // harmless: an existing real directory (git decides)
	{"team/feat", true},   // harmless: below a real directory
	{"feat.v2-x_y", true}, // harmless: the schema's alphabet
}

func TestRed16WorktreeDir(t *testing.T) {
	root := t.TempDir()
	wts := filepath.Join(root, ".claude", "worktrees")
	if err := os.MkdirAll(filepath.Join(wts, "team"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(t.TempDir(), filepath.Join(wts, "out")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(wts, "f"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range red16worktreeRows {
		dir, err := worktreeDir(root, tt.name)
		if (err == nil) != tt.ok {
			t.Errorf("worktreeDir(%q) = %q, %v; want ok %v", tt.name, dir, err, tt.ok)
		}
		if err == nil && dir != filepath.Join(wts, tt.name) {
			t.Errorf("worktreeDir(%q) = %q, want it under %s", tt.name, dir, wts)
		}
	}
}
