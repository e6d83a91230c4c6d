package tools

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSearchRed19GuardedStayOut: the repository's own ignore files
// (.gitignore, .ignore, .rgignore with "!secret", "!.env") and every
// filter of Grep (glob with braces and classes, type, -i, multiline,
// head_limit, content mode) or pattern spelling of Glob ("**/.e?v",
// "{x,.en[v]}") let the runner open or list no file the policy guards:
// its walk asks the policy per file, and an ignore file can only leave
// files out. A link in the tree to a guarded directory is not walked.
func TestSearchRed19GuardedStayOut(t *testing.T) {
	dir, home := t.TempDir(), t.TempDir()
	write(t, filepath.Join(dir, ".env"), "TOKEN=red19\n")
	write(t, filepath.Join(dir, "secret", "key"), "KEY=red19\n")
	write(t, filepath.Join(dir, "src", "app.go"), "package main // KEY TOKEN\n")
	write(t, filepath.Join(home, ".ssh", "id_rsa"), "KEY=red19\n")
	for _, f := range []string{".gitignore", ".ignore", ".rgignore"} {
		write(t, filepath.Join(dir, f), "!secret\n!.env\n!secret/**\n")
	}
	if err := os.Symlink(filepath.Join(home, ".ssh"), filepath.Join(dir, "src", "l")); err != nil {
		t.Fatal(err)
	}
	guarded := func(p string) bool {
		// As the engine's Guarded: the path and what its links resolve to.
		if r, err := filepath.EvalSymlinks(p); err == nil && r != p && strings.Contains(r, "/.ssh/") {
			return true
		}
		return filepath.Base(p) == ".env" || strings.Contains(p, "/secret/") || strings.Contains(p, "/.ssh/")
	}
	tc := &Context{Cwd: dir, SkipRead: guarded}
	for _, in := range []Input{
		{"pattern": "red19", "output_mode": "content"},
		{"pattern": "RED19", "-i": true, "output_mode": "content"},
		{"pattern": "KEY=.*\\n?", "multiline": true, "output_mode": "content"},
		{"pattern": "red19", "glob": "{.env,key,id_rsa}", "output_mode": "content"},
		{"pattern": "red19", "glob": "**/.en[v]", "output_mode": "count"},
		{"pattern": "red19", "glob": "!*.go", "output_mode": "files_with_matches"},
		{"pattern": "red19", "head_limit": 1, "-C": 3, "output_mode": "content"},
		{"pattern": "red19", "path": filepath.Join(dir, "src"), "output_mode": "content"},
	} {
		if out := text(call(t, NewGrep(), in, tc)); strings.Contains(out, "red19") || strings.Contains(out, "id_rsa") || strings.Contains(out, "key") {
			t.Errorf("Grep %v: a guarded file was read: %q", in, out)
		}
	}
	for _, pat := range []string{"**/.env", "**/.e?v", "{x,.en[v]}", "**/key", "*/key", "src/l/*", "src/*/id_*", "**/*"} {
		if out := text(call(t, NewGlob(), Input{"pattern": pat}, tc)); strings.Contains(out, ".env") || strings.Contains(out, "key") || strings.Contains(out, "id_rsa") {
			t.Errorf("Glob %q: a guarded name was listed: %q", pat, out)
		}
	}
	// Neighbours: the unguarded source is still found and listed.
	if out := text(call(t, NewGrep(), Input{"pattern": "KEY TOKEN", "output_mode": "content"}, tc)); !strings.Contains(out, "app.go") {
		t.Errorf("an unguarded file was skipped by Grep: %q", out)
	}
	if out := text(call(t, NewGlob(), Input{"pattern": "**/*.go"}, tc)); !strings.Contains(out, "app.go") {
		t.Errorf("an unguarded file was skipped by Glob: %q", out)
	}
}
