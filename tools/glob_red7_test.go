package tools

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGlobSkipsGuardedNames: a Glob pattern the decision lets through
// because it names no guarded directory literally (secret[s]/*, s*/*,
// **/.e*, */key) still lists no file a Read deny or ask rule covers, as
// Grep opens none: the policy decides per file.
func TestGlobSkipsGuardedNames(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, ".env"), "TOKEN=1")
	write(t, filepath.Join(dir, "secrets", "customer-acme.key"), "k")
	write(t, filepath.Join(dir, "src", "a.go"), "package a")
	guarded := func(p string) bool {
		return filepath.Base(p) == ".env" || strings.Contains(p, "/secrets/")
	}
	tc := &Context{Cwd: dir, SkipRead: guarded}
	for _, c := range []struct {
		pattern, path string
	}{
		{"secret[s]/*", ""},
		{"s*/*", ""},
		{"**/.e*", ""},
		{"*/*.key", ""},
		{"**/*", ""},
		{"{secrets,src}/*", ""},
		{"*", filepath.Join(dir, "secrets")},
		{".[e]nv", ""},
	} {
		in := Input{"pattern": c.pattern}
		if c.path != "" {
			in["path"] = c.path
		}
		out := text(call(t, NewGlob(), in, tc))
		if strings.Contains(out, "acme") || strings.Contains(out, ".env") {
			t.Errorf("Glob %q: a guarded name was listed: %q", c.pattern, out)
		}
	}
	// Benign neighbour: an unguarded file is still listed.
	if out := text(call(t, NewGlob(), Input{"pattern": "**/*"}, tc)); !strings.Contains(out, "a.go") {
		t.Errorf("an unguarded file was skipped: %q", out)
	}
}

// TestGrepFollowsNoLinkOnItsWalk: a file symlink under the searched tree
// (src/pw → a file outside the working directories) is not opened, as
// ripgrep opens none without -L: the decision approved the tree, not what
// its links point at.
func TestGrepFollowsNoLinkOnItsWalk(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	write(t, filepath.Join(outside, "secret"), "TOKEN=hunter2")
	write(t, filepath.Join(dir, "src", "a.go"), "// TOKEN here")
	if err := os.Symlink(filepath.Join(outside, "secret"), filepath.Join(dir, "src", "pw")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "src", "out")); err != nil {
		t.Fatal(err)
	}
	tc := &Context{Cwd: dir}
	for _, in := range []Input{
		{"pattern": "hunter", "output_mode": "content"},
		{"pattern": "TOKEN", "path": filepath.Join(dir, "src"), "output_mode": "content"},
		{"pattern": "TOKEN", "glob": "pw", "output_mode": "files_with_matches"},
	} {
		if out := text(call(t, NewGrep(), in, tc)); strings.Contains(out, "hunter") || strings.Contains(out, "pw") {
			t.Errorf("%v: the walk followed a link: %q", in, out)
		}
	}
	// Benign neighbours: the tree's own file is found; a link named as
	// the path itself (decided with its target) is searched.
	if out := text(call(t, NewGrep(), Input{"pattern": "TOKEN"}, tc)); !strings.Contains(out, "a.go") {
		t.Errorf("a file of the tree was skipped: %q", out)
	}
	in := Input{"pattern": "hunter", "path": filepath.Join(dir, "src", "pw"), "output_mode": "content"}
	if out := text(call(t, NewGrep(), in, tc)); !strings.Contains(out, "hunter") {
		t.Errorf("the path itself was not searched: %q", out)
	}
}
