package linkwalk

import (
	"os"
	"path/filepath"
	"testing"
)

func TestTarget(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []struct{ name, to string }{
		{"dangling", "notes/new.json"}, {"abs", filepath.Join(dir, "real")}, {"loop", "loop"},
		{"up", "sub/../../" + filepath.Base(dir) + "/real"}, {"chain", "dangling"},
	} {
		if err := os.Symlink(l.to, filepath.Join(dir, l.name)); err != nil {
			t.Fatal(err)
		}
	}
	os.Mkdir(filepath.Join(dir, "real"), 0o755)
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	for _, c := range []struct {
		path, want string
		linked     bool
	}{
		{"plain/x", "plain/x", false},
		{"dangling", "notes/new.json", true},
		{"chain", "notes/new.json", true},
		{"abs/x", "real/x", true},
		{"up/x", "real/x", true}, // ".." leaves the link's target, as the kernel walks it
		{"loop", "loop", false},
	} {
		got, linked := Target(filepath.Join(dir, c.path))
		if want := filepath.Join(dir, c.want); got != want || linked != c.linked {
			t.Errorf("Target(%s) = %s, %v; want %s, %v", c.path, got, linked, want, c.linked)
		}
	}
	if got, linked := Target("rel/x"); got != "rel/x" || linked {
		t.Errorf("a relative path: %s, %v", got, linked)
	}
}

func TestFollowStops(t *testing.T) {
	dir, _ := filepath.EvalSymlinks(t.TempDir())
	os.Symlink("/proc/self/cwd", filepath.Join(dir, "here"))
	w := Follow(filepath.Join(dir, "here", "x"), func(next string, hops int) bool { return hops > 0 && next == "/proc/self" })
	if w.End != Stopped || w.Next != "/proc/self" || len(w.Rest) == 0 || w.Rest[len(w.Rest)-1] != "x" {
		t.Errorf("Follow stopped at %+v", w)
	}
}
