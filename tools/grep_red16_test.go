package tools

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// red16grepRows: a Grep over a tree (or a path) that holds a FIFO must
// not block the run for ever on it; the regular files are still searched.
var red16grepRows = []struct {
	name string
	in   Input
	want string
}{
	{"a FIFO in the tree is skipped", Input{"pattern": "NEEDLE", "path": "{dir}"}, "a.txt"},
	{"a FIFO as the path is not read", Input{"pattern": "NEEDLE", "path": "{dir}/pipe"}, "No matches found"},
	{"a FIFO under a glob is skipped", Input{"pattern": "NEEDLE", "glob": "*", "output_mode": "content"}, "a.txt:NEEDLE"},
	{"a FIFO counted is skipped", Input{"pattern": "NEEDLE", "output_mode": "count"}, "a.txt:1"},
	// Harmless neighbour: a regular file named as the path is searched.
	{"a regular file as the path", Input{"pattern": "NEEDLE", "path": "{dir}/a.txt"}, "a.txt"},
}

func TestRed16GrepSkipsFIFO(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte("NEEDLE\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe"), 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	tc := &Context{Cwd: dir}
	for _, tt := range red16grepRows {
		t.Run(tt.name, func(t *testing.T) {
			in := Input{}
			for k, v := range tt.in {
				if s, ok := v.(string); ok {
					v = strings.ReplaceAll(s, "{dir}", dir)
				}
				in[k] = v
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			done := make(chan Result, 1)
			go func() {
				r, _ := NewGrep().Call(ctx, in, tc, nil)
				done <- r
			}()
			select {
			case r := <-done:
				if out, _ := r.Data.(string); !strings.Contains(out, tt.want) {
					t.Errorf("%v: got %q, want %q in it", in, out, tt.want)
				}
			case <-time.After(5 * time.Second):
				// Unblock the stuck open so the goroutine ends.
				if f, err := os.OpenFile(filepath.Join(dir, "pipe"), os.O_WRONLY, 0); err == nil {
					f.Close()
				}
				t.Fatalf("%v: Grep blocked on the FIFO", in)
			}
		})
	}
}

// red16grepIgnoreRows: the .gitignore at Grep's root is the repository's;
// one that is a FIFO or a link to a device must not block or exhaust the
// call. A regular one still filters.
var red16grepIgnoreRows = []struct {
	name  string
	setup func(t *testing.T, path string)
	want  string
	not   string
}{
	{"a FIFO .gitignore", func(t *testing.T, p string) {
		if err := syscall.Mkfifo(p, 0o644); err != nil {
			t.Skip("no FIFOs here:", err)
		}
	}, "a.txt", ""},
	{"a .gitignore linked to /dev/zero", func(t *testing.T, p string) {
		if err := os.Symlink("/dev/zero", p); err != nil {
			t.Fatal(err)
		}
	}, "a.txt", ""},
	// Harmless neighbour: a regular .gitignore skips what it names.
	{"a regular .gitignore", func(t *testing.T, p string) {
		if err := os.WriteFile(p, []byte("b.txt\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}, "a.txt", "b.txt"},
}

func TestRed16GrepIgnoreFileIsRegular(t *testing.T) {
	for _, tt := range red16grepIgnoreRows {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, f := range []string{"a.txt", "b.txt"} {
				if err := os.WriteFile(filepath.Join(dir, f), []byte("NEEDLE\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			ig := filepath.Join(dir, ".gitignore")
			tt.setup(t, ig)
			done := make(chan Result, 1)
			go func() {
				r, _ := NewGrep().Call(context.Background(), Input{"pattern": "NEEDLE"}, &Context{Cwd: dir}, nil)
				done <- r
			}()
			select {
			case r := <-done:
				out, _ := r.Data.(string)
				if !strings.Contains(out, tt.want) || tt.not != "" && strings.Contains(out, tt.not) {
					t.Errorf("got %q, want %q and not %q", out, tt.want, tt.not)
				}
			case <-time.After(5 * time.Second):
				if f, err := os.OpenFile(ig, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
					f.Close()
				}
				t.Fatal("Grep blocked on its .gitignore")
			}
		})
	}
}
