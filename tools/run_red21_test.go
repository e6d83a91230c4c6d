package tools

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestRed21GuardedFileChecksWaitForThePolicy: an editing tool does not
// look at a file a deny or ask rule guards before the permission check
// (its validation says nothing of whether the file exists, was read or is
// a directory), and runs those checks when it is called (an approved ask),
// so nothing is skipped. Files no rule guards are checked at validation,
// as before.
func TestRed21GuardedFileChecksWaitForThePolicy(t *testing.T) {
	dir := t.TempDir()
	guarded := filepath.Join(dir, "secrets")
	open := filepath.Join(dir, "src")
	for _, d := range []string{guarded, open} {
		if err := os.MkdirAll(filepath.Join(d, "sub"), 0o755); err != nil {
			t.Fatal(err)
		}
		for name, body := range map[string]string{"f.txt": "alpha beta", "n.ipynb": `{"cells":[{"id":"c","cell_type":"code","source":"x"}]}`} {
			if err := os.WriteFile(filepath.Join(d, name), []byte(body), 0o600); err != nil {
				t.Fatal(err)
			}
		}
	}
	skip := func(p string) bool { return strings.HasPrefix(p, guarded+"/") || p == guarded }
	edit := func(p string) Input { return Input{"file_path": p, "old_string": "alpha", "new_string": "gamma"} }
	multi := func(p string) Input {
		return Input{"file_path": p, "edits": []any{map[string]any{"old_string": "alpha", "new_string": "gamma"}}}
	}
	write := func(p string) Input { return Input{"file_path": p, "content": "x"} }
	nb := func(p string) Input { return Input{"notebook_path": p, "new_source": "y", "cell_id": "c"} }
	for _, tt := range []struct {
		name  string
		tool  Tool
		in    func(string) Input
		file  string // under the guarded or the open directory
		valid string // ValidateInput's error for the open directory ("" none)
		call  string // Call's error, unread, for either directory ("" none)
	}{
		{"edit of an unread file", NewEdit(), edit, "f.txt", "has not been read yet", "has not been read yet"},
		{"edit of a missing file", NewEdit(), edit, "nofile", "does not exist", "does not exist"},
		{"edit of a directory", NewEdit(), edit, "sub", "is a directory", "is a directory"},
		{"multiedit of an unread file", NewMultiEdit(), multi, "f.txt", "has not been read yet", "has not been read yet"},
		{"multiedit of a missing file", NewMultiEdit(), multi, "nofile", "does not exist", "does not exist"},
		{"write over an unread file", NewWrite(), write, "f.txt", "has not been read yet", "has not been read yet"},
		{"write over a directory", NewWrite(), write, "sub", "is a directory", "is a directory"},
		{"notebook edit of an unread notebook", NewNotebookEdit(), nb, "n.ipynb", "has not been read yet", "has not been read yet"},
		{"notebook edit of a missing notebook", NewNotebookEdit(), nb, "no.ipynb", "", "does not exist"},
		// Harmless neighbour: a new file is written in either directory.
		{"write of a new file", NewWrite(), write, "new.txt", "", ""},
	} {
		for _, d := range []string{guarded, open} {
			t.Run(tt.name+" in "+filepath.Base(d), func(t *testing.T) {
				tc := &Context{Cwd: dir, SkipRead: skip}
				p := filepath.Join(d, tt.file)
				err := tt.tool.ValidateInput(tt.in(p), tc)
				want := tt.valid
				if d == guarded {
					want = "" // nothing is said before the policy answers
				}
				switch {
				case want == "" && err != nil:
					t.Errorf("validation: %v, want none", err)
				case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
					t.Errorf("validation: %v, want %q", err, want)
				}
				if want != "" {
					return // the pipeline stops at validation
				}
				r, err := tt.tool.Call(context.Background(), tt.in(p), tc, nil)
				got := ""
				if err != nil {
					got = err.Error()
				} else if r.IsError {
					got = r.Data.(string)
				}
				switch {
				case tt.call == "" && got != "":
					t.Errorf("call: %s, want success", got)
				case tt.call != "" && !strings.Contains(got, tt.call):
					t.Errorf("call: %q, want %q", got, tt.call)
				}
			})
		}
	}
}

// TestRed21EditGrowthIsBounded: an edit that would make the file larger
// than maxEditableSize is refused before it is made (replace_all of "a" by
// a thousand bytes in eight million a's asked for 8 GB, and the run died
// of it at validation, before the permission check). Edits that shrink the
// file, or grow it within the bound, still apply.
func TestRed21EditGrowthIsBounded(t *testing.T) {
	mib := strings.Repeat("a", 1<<20)
	for _, tt := range []struct {
		name    string
		content string
		edits   []edit
		refused bool
	}{
		{"replace_all growing a MiB past the bound", mib, []edit{{old: "a", new: strings.Repeat("b", 300), all: true}}, true},
		{"replace_all of a longer old string", mib, []edit{{old: "aa", new: strings.Repeat("b", 600), all: true}}, true},
		{"second edit pushing past the bound", mib, []edit{{old: "a", new: "bb", all: true}, {old: "b", new: strings.Repeat("c", 200), all: true}}, true},
		{"one replacement by more than the bound", "x", []edit{{old: "x", new: strings.Repeat("y", maxEditableSize+1)}}, true},
		// Harmless neighbours.
		{"replace_all doubling a MiB", mib, []edit{{old: "a", new: "bb", all: true}}, false},
		{"replace_all shrinking", mib, []edit{{old: "aa", new: "b", all: true}}, false},
		{"one replacement", "hello world", []edit{{old: "world", new: strings.Repeat("w", 1000)}}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, err := applyEdits(tt.content, tt.edits)
			switch {
			case tt.refused && (err == nil || !strings.Contains(err.Error(), "grow beyond")):
				t.Errorf("got %v (%d bytes), want a refusal", err, len(out))
			case !tt.refused && err != nil:
				t.Errorf("got %v, want the edit applied", err)
			}
		})
	}
}

// TestRed21PinnedOpenRefusesNewLinks: a call carrying where its path was
// decided to lead (WithPinnedPath) opens that place through no symbolic
// link: a directory swapped for a link after the pipeline's last check
// fails the open, and the link's target is neither written nor read.
// Unchanged paths, new files in new directories and files reached through
// a link that was there when the call was decided are opened as before.
func TestRed21PinnedOpenRefusesNewLinks(t *testing.T) {
	for _, tt := range []struct {
		name   string
		tool   Tool
		input  func(root string) Input
		path   string // the call's path, under root
		leads  string // where it was decided to lead, under root
		swap   bool   // d is swapped for a link to hooks before the call
		failed bool
	}{
		{"write after d became a link", NewWrite(), func(r string) Input { return Input{"file_path": r + "/d/pre-commit", "content": "PWNED"} },
			"d/pre-commit", "d/pre-commit", true, true},
		{"read after d became a link", NewRead(), func(r string) Input { return Input{"file_path": r + "/d/secret"} },
			"d/secret", "d/secret", true, true},
		{"edit after d became a link", NewEdit(), func(r string) Input {
			return Input{"file_path": r + "/d/secret", "old_string": "SECRET", "new_string": "PWNED"}
		}, "d/secret", "d/secret", true, true},
		// Harmless neighbours.
		{"write, nothing changed", NewWrite(), func(r string) Input { return Input{"file_path": r + "/d/notes", "content": "x"} },
			"d/notes", "d/notes", false, false},
		{"write into new directories", NewWrite(), func(r string) Input { return Input{"file_path": r + "/d/a/b/c", "content": "x"} },
			"d/a/b/c", "d/a/b/c", false, false},
		{"read through a link decided on", NewRead(), func(r string) Input { return Input{"file_path": r + "/l/secret"} },
			"l/secret", "d/secret", false, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			root, err := filepath.EvalSymlinks(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range []string{"d", "hooks"} {
				if err := os.Mkdir(filepath.Join(root, d), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			for _, f := range []string{"d/secret", "hooks/secret"} {
				if err := os.WriteFile(filepath.Join(root, f), []byte("SECRET "+f), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.Symlink("d", filepath.Join(root, "l")); err != nil {
				t.Fatal(err)
			}
			tc := &Context{Cwd: root}
			in := tt.input(root)
			tc.MarkRead(filepath.Join(root, tt.path), time.Now().Add(time.Hour))
			if tt.swap {
				if err := os.Rename(filepath.Join(root, "d"), filepath.Join(root, "d0")); err != nil {
					t.Fatal(err)
				}
				if err := os.Symlink("hooks", filepath.Join(root, "d")); err != nil {
					t.Fatal(err)
				}
			}
			ctx := WithPinnedPath(context.Background(), filepath.Join(root, tt.path), filepath.Join(root, tt.leads))
			r, err := tt.tool.Call(ctx, in, tc, nil)
			failed := err != nil || r.IsError
			if failed != tt.failed {
				t.Errorf("failed %v (%v %v), want %v", failed, err, r.Data, tt.failed)
			}
			if s, _ := r.Data.(string); strings.Contains(s, "SECRET hooks") {
				t.Errorf("the link's target was read: %s", s)
			}
			hooks, _ := os.ReadDir(filepath.Join(root, "hooks"))
			if len(hooks) != 1 {
				t.Errorf("the link's target was written: %v", hooks)
			}
			if b, _ := os.ReadFile(filepath.Join(root, "hooks/secret")); string(b) != "SECRET hooks/secret" {
				t.Errorf("the link's target was edited: %s", b)
			}
		})
	}
}
