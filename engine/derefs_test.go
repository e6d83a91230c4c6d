package engine

import (
	"os"
	"path/filepath"
	"testing"
)

// TestDerefLinksRootUnresolvable: a link-following walk (grep -R) whose
// root cannot be resolved (a link loop) hides where it goes, so it is a
// read of a place not known; it had walked nothing, and the call was
// allowed as read-only. A missing root still walks nothing.
func TestDerefLinksRootUnresolvable(t *testing.T) {
	dir, _ := filepath.EvalSymlinks(t.TempDir())
	if err := os.Symlink("loop", filepath.Join(dir, "loop")); err != nil {
		t.Fatal(err)
	}
	e := env{cwd: dir}
	if got := e.derefLinks(filepath.Join(dir, "loop"), "grep -R"); len(got) != 1 || !got[0].Dynamic {
		t.Errorf("loop root: %+v, want one read of a place not known", got)
	}
	if got := e.derefLinks(filepath.Join(dir, "missing"), "grep -R"); len(got) != 0 {
		t.Errorf("missing root: %+v, want none", got)
	}
}
