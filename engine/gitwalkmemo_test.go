package engine

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestGitWalkMemoSeesEveryChange keeps a walk up to a repository and then
// changes what git would find, one way at a time: each call answers what a
// walk made now answers.
func TestGitWalkMemoSeesEveryChange(t *testing.T) {
	root := t.TempDir()
	start := filepath.Join(root, "a", "b", "c")
	mkRepo := func(dir string) {
		t.Helper()
		for _, d := range []string{"objects", "refs"} {
			if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(dir, "HEAD"), []byte("ref: refs/heads/main\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Every stamp is made old: a change then moves it whatever the clock's
	// grain, and the memo keeps walks at once (no racy window).
	age := func() {
		t.Helper()
		old := time.Now().Add(-time.Hour)
		filepath.Walk(root, func(p string, _ os.FileInfo, err error) error {
			if err == nil {
				os.Chtimes(p, old, old)
			}
			return nil
		})
	}
	if err := os.MkdirAll(start, 0o755); err != nil {
		t.Fatal(err)
	}
	mkRepo(filepath.Join(root, ".git"))
	other := filepath.Join(t.TempDir(), "b")
	if err := os.MkdirAll(filepath.Join(other, "c"), 0o755); err != nil {
		t.Fatal(err)
	}
	mkRepo(filepath.Join(other, ".git"))

	steps := []struct {
		name   string
		change func()
		kept   bool // the walk is one the memo keeps
	}{
		{"as made", func() {}, true},
		{"a nearer .git", func() { mkRepo(filepath.Join(root, "a", "b", ".git")) }, true},
		{"it removed", func() { os.RemoveAll(filepath.Join(root, "a", "b", ".git")) }, true},
		{"a bare repository on the way", func() { mkRepo(filepath.Join(root, "a")) }, false},
		{"its HEAD spoilt in place", func() {
			os.WriteFile(filepath.Join(root, "a", "HEAD"), []byte("garbage\n"), 0o644)
		}, false},
		{"the bare parts removed", func() {
			for _, n := range []string{"HEAD", "objects", "refs"} {
				os.RemoveAll(filepath.Join(root, "a", n))
			}
		}, true},
		{"the repository's HEAD spoilt in place", func() {
			os.WriteFile(filepath.Join(root, ".git", "HEAD"), []byte("ref: nothing/x\n"), 0o644)
		}, false},
		{"HEAD mended", func() {
			os.WriteFile(filepath.Join(root, ".git", "HEAD"), []byte("ref: refs/heads/x\n"), 0o644)
		}, true},
		{"a level swapped for a link to another repository", func() {
			os.Rename(filepath.Join(root, "a", "b"), filepath.Join(root, "a", "b.old"))
			if err := os.Symlink(other, filepath.Join(root, "a", "b")); err != nil {
				t.Fatal(err)
			}
		}, true},
		{"the link swapped back", func() {
			os.Remove(filepath.Join(root, "a", "b"))
			os.Rename(filepath.Join(root, "a", "b.old"), filepath.Join(root, "a", "b"))
		}, true},
		{"the repository moved away", func() {
			os.Rename(filepath.Join(root, ".git"), filepath.Join(root, "git.old"))
		}, false},
		{"and back", func() {
			os.Rename(filepath.Join(root, "git.old"), filepath.Join(root, ".git"))
		}, true},
		{"its objects swapped for a file", func() {
			// Moved out of the tree: no stamped directory changes.
			os.Rename(filepath.Join(root, ".git", "objects"), filepath.Join(other, "objects.old"))
			os.WriteFile(filepath.Join(root, ".git", "objects"), nil, 0o644)
		}, false},
		{"its objects back", func() {
			os.Remove(filepath.Join(root, ".git", "objects"))
			os.Rename(filepath.Join(other, "objects.old"), filepath.Join(root, ".git", "objects"))
		}, true},
		{"a .git file on the way", func() {
			os.WriteFile(filepath.Join(root, "a", ".git"), []byte("gitdir: "+filepath.Join(other, ".git")+"\n"), 0o644)
		}, false},
	}
	m := &gitWalkMemo{window: -1}
	check := func(name string) {
		t.Helper()
		want, werr := walkGitDir(start, nil, &gitVisits{}, nil)
		for call := 0; call < 4; call++ {
			got, err := findGitDirKept(m, start, nil, nil)
			if got != want || (err == nil) != (werr == nil) {
				t.Fatalf("%s, call %d: found %q (%v), a walk now finds %q (%v)", name, call, got, err, want, werr)
			}
		}
	}
	for _, st := range steps {
		age()
		check(st.name + " (before)") // kept with the times made old
		st.change()
		check(st.name)
		// From the third call on, a kept walk answered.
		if w := m.walks[start]; (w != nil && w.kept) != st.kept {
			t.Fatalf("%s: kept %+v, want kept %v", st.name, w, st.kept)
		}
	}
}

// TestGitWalkMemoKeepsOnlyOldStamps keeps no walk whose stamps are younger
// than the window: a change in the same clock tick as a stamp would not
// move it.
func TestGitWalkMemoKeepsOnlyOldStamps(t *testing.T) {
	root := t.TempDir()
	start := filepath.Join(root, "a")
	os.MkdirAll(filepath.Join(root, ".git", "objects"), 0o755)
	os.MkdirAll(filepath.Join(root, ".git", "refs"), 0o755)
	os.MkdirAll(start, 0o755)
	os.WriteFile(filepath.Join(root, ".git", "HEAD"), []byte("ref: refs/heads/main\n"), 0o644)
	m := &gitWalkMemo{window: time.Hour}
	for call := 0; call < 4; call++ {
		if got, err := findGitDirKept(m, start, nil, nil); err != nil || got != filepath.Join(root, ".git") {
			t.Fatalf("call %d: %q, %v", call, got, err)
		}
	}
	if w := m.walks[start]; w == nil || w.kept {
		t.Fatalf("a walk with young stamps was kept: %+v", w)
	}
}
