package pipeline

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRed21LeadsTo: where a file tool's path leads is followed as the
// kernel's open follows the cleaned path the tools open — links replaced
// by their targets (relative to the link's directory), a target's ".."
// taken from where the link led, a
// missing rest kept as written (a dangling link's target counts), a loop
// unresolvable — so a change of any link on the way shows.
func TestRed21LeadsTo(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"real/sub", "other"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, target := range map[string]string{
		"rel":      "real",
		"abs":      filepath.Join(root, "other"),
		"chain":    "rel/sub",
		"up":       "real/sub/..",
		"dangling": "real/new.txt",
		"loop":     "loop",
		"real/ln":  "../other",
	} {
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct{ path, want string }{
		{"real/sub/f", "real/sub/f"},
		{"rel/sub/f", "real/sub/f"},
		{"abs/f", "other/f"},
		{"chain/f", "real/sub/f"},
		{"up/f", "real/f"},
		{"chain/../f", "f"}, // cleaned first, as the tools clean the path they open
		{"dangling", "real/new.txt"},
		{"real/ln/x", "other/x"},
		{"missing/a/b", "missing/a/b"},
		{"loop/f", ""},
	} {
		want := tt.want
		if want != "" {
			want = filepath.Join(root, want)
		}
		if got := leadsTo(filepath.Join(root, tt.path)); got != want {
			t.Errorf("leadsTo(%s) = %q, want %q", tt.path, got, want)
		}
	}
}

// TestRed21PinCheck: a pin taken before the decision refuses the call when
// a link on the way changed before it runs; an unchanged path, a file
// created or replaced by another file meanwhile, and a tool without a
// path are not refused.
func TestRed21PinCheck(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"d", ".git/hooks"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	swap := func() {
		if err := os.Rename(filepath.Join(root, "d"), filepath.Join(root, "d0")); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(".git/hooks", filepath.Join(root, "d")); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		name    string
		tool    string
		input   map[string]any
		between func()
		refused bool
	}{
		{"write through a directory swapped for a link", "Write", map[string]any{"file_path": root + "/d/pre-commit"}, swap, true},
		{"grep of a directory swapped for a link", "Grep", map[string]any{"pattern": "x", "path": "d"}, swap, true},
		{"glob of the cwd's directory swapped", "Glob", map[string]any{"pattern": "*", "path": root + "/d"}, swap, true},
		// Harmless neighbours.
		{"nothing changed", "Edit", map[string]any{"file_path": root + "/d/f"}, func() {}, false},
		{"the file was created meanwhile", "Write", map[string]any{"file_path": root + "/d/new"}, func() {
			if err := os.WriteFile(filepath.Join(root, "d/new"), []byte("x"), 0o600); err != nil {
				t.Fatal(err)
			}
		}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			os.RemoveAll(filepath.Join(root, "d"))
			os.RemoveAll(filepath.Join(root, "d0"))
			if err := os.Mkdir(filepath.Join(root, "d"), 0o755); err != nil {
				t.Fatal(err)
			}
			pin, ok := pinPath(tt.tool, tt.input, root)
			if !ok {
				t.Fatal("a file tool's call was not pinned")
			}
			tt.between()
			if err := pin.check(); (err != nil) != tt.refused {
				t.Errorf("check: %v, refused want %v", err, tt.refused)
			}
		})
	}
	if _, ok := pinPath("Bash", map[string]any{"command": "ls"}, root); ok {
		t.Error("a Bash call was pinned")
	}
}
