package tools

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// red16globRows: the shell lists a directory to expand a glob; a listing
// of a directory the policy denies reading is refused, wherever the glob
// stands (an argument of a names-only builtin, a for list, an array).
var red16globRows = []struct {
	name, cmd string
	refused   bool
}{
	{"echo lists a denied directory", "echo secret/*", true},
	{"printf lists it", "printf '%s\\n' secret/*", true},
	{"a for loop lists it", "for f in secret/*; do echo $f; done", true},
	{"an array lists it", "x=(secret/*); echo ${#x[@]}", true},
	{"a class lists it", "echo secret/[a-z]*", true},
	{"a wildcard directory reaching it", "echo s*/k*", true},
	{"after a cd", "cd pub && echo ../secret/*", true},
	{"an absolute glob", "echo {dir}/secret/*", true},
	// Harmless neighbours: globs over readable directories expand.
	{"echo lists the cwd", "echo *", false},
	{"echo lists a public directory", "echo pub/*", false},
	{"a quoted star lists nothing", "echo 'secret/*'", false},
	{"a for loop over a public directory", "for f in pub/*; do echo $f; done", false},
}

func TestRed16GlobListingChecked(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"secret/key", "pub/a.txt"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	denied := filepath.Join(dir, "secret")
	tc := &Context{Cwd: dir,
		CheckCommand: func(context.Context, []string) error { return nil },
		CheckOpen: func(_ context.Context, p string, _ bool) error {
			if p == denied || strings.HasPrefix(p, denied+"/") {
				return errors.New("denied by rule Read(secret/**)")
			}
			return nil
		}}
	for _, tt := range red16globRows {
		t.Run(tt.name, func(t *testing.T) {
			cmd := strings.ReplaceAll(tt.cmd, "{dir}", dir)
			r, err := NewBash().Call(context.Background(), Input{"command": cmd}, tc, nil)
			if err != nil {
				t.Fatal(err)
			}
			out := text(r)
			if strings.Contains(out, "secret/key") {
				t.Errorf("%s listed the denied directory: %q", cmd, out)
			}
			if got := strings.Contains(out, "listing") && r.IsError; got != tt.refused {
				t.Errorf("%s: refused %v, want %v: %q", cmd, got, tt.refused, out)
			}
		})
	}
}
