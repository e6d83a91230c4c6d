package engine

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentctl/agentctl/settings"
)

// TestDanglingSymlinkWrites: a repository can ship a symlink to a file that
// does not exist yet (.git/hooks/pre-commit, ~/.ssh/authorized_keys, a
// trust record). A write through it creates that file, so it is checked
// there: protected or outside the working directories, it asks even in
// acceptEdits (policy files: in bypassPermissions too). Links to missing
// files inside the repository, and plain new files, are writes as before.
// Both evaluators.
func TestDanglingSymlinkWrites(t *testing.T) {
	root, _ := filepath.EvalSymlinks(t.TempDir())
	cwd := filepath.Join(root, "proj")
	home := filepath.Join(root, "home")
	store := filepath.Join(home, ".config", "agentctl", "trusted.json")
	for _, d := range []string{filepath.Join(cwd, ".git", "hooks"), filepath.Join(home, ".ssh"), filepath.Dir(store)} {
		os.MkdirAll(d, 0o755)
	}
	links := map[string]string{
		"hook":      ".git/hooks/pre-commit",
		"keys":      "../home/.ssh/authorized_keys",
		"trust":     store,
		"chain":     "hook",
		"deep":      "sub/../.git/hooks/post-checkout",
		"build-out": "build/out.txt",
		"loop":      "loop",
	}
	os.MkdirAll(filepath.Join(cwd, "sub"), 0o755)
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(cwd, name)); err != nil {
			t.Fatal(err)
		}
	}
	s, err := settings.Load(settings.Options{Cwd: cwd, Home: home, ManagedFile: filepath.Join(root, "etc", "managed.json"),
		TrustStore: store, ConfigDir: filepath.Join(home, ".claude")})
	if err != nil {
		t.Fatal(err)
	}
	e, err := New(context.Background(), s, WithEvaluator(EvalBoth))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, mode string
		want       Effect
	}{
		{"hook", "acceptEdits", Ask},
		{"keys", "acceptEdits", Ask},
		{"chain", "acceptEdits", Ask},
		{"deep", "acceptEdits", Ask},
		{"trust", "bypassPermissions", Ask},
		{"build-out", "acceptEdits", Allow},
		{"new-file.txt", "acceptEdits", Allow},
		{"loop", "default", Ask},
	}
	for _, c := range cases {
		p := filepath.Join(cwd, c.name)
		for _, call := range []Call{
			{Tool: "Write", Mode: c.mode, Input: map[string]any{"file_path": p, "content": "x"}},
			{Tool: "Bash", Mode: c.mode, Input: map[string]any{"command": "echo x > " + c.name}},
		} {
			d, err := e.Decide(context.Background(), call)
			if err != nil {
				t.Fatal(err)
			}
			if d.Decision != c.want {
				t.Errorf("%s %s (%s): got %s (%s), want %s", call.Tool, c.name, c.mode, d.Decision, d.Reason, c.want)
			}
		}
	}
}
