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
