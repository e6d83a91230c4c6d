package engine

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestAnchorWithGlobSyntax: a path rule is anchored at a directory (the
// project, home, a settings file's folder), and that directory's name is
// not a pattern. A project in "p[1]" or "x{1,2}" made every anchored deny
// match a path that does not exist ("/…/p1/…", a brace alternation), so
// the deny missed and the read was allowed; a name with "*" or "?" made it
// match siblings as well.
func TestAnchorWithGlobSyntax(t *testing.T) {
	const policy = `{"permissions":{"deny":["Read(.env)","Read(/secret/**)","Read(./cfg/*.yml)","Edit(/locked/**)"],
		"allow":["Edit(/src/**)","Read(~/notes/**)"]}}`
	for _, dir := range []string{"p[1]", "x{1,2}", "a*b", "q?", `b\s`, "[!x]", "plain"} {
		t.Run(dir, func(t *testing.T) {
			root := filepath.Join(t.TempDir(), dir)
			s := projectAt(t, root, policy, map[string]string{".env": "S=1", "secret/k": "k", "cfg/app.yml": "x",
				"src/a.go": "package a", "locked/x": "x", "ok.txt": "x", "sub/.env": "S=2"})
			if err := os.MkdirAll(filepath.Join(root, "home", "notes"), 0o755); err != nil {
				t.Fatal(err)
			}
			e, err := New(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			cwd := filepath.Join(root, "proj")
			for _, r := range []struct{ tool, path, want string }{
				{"Read", cwd + "/.env", "deny"},
				{"Read", cwd + "/sub/.env", "deny"},
				{"Read", cwd + "/secret/k", "deny"},
				{"Read", cwd + "/cfg/app.yml", "deny"},
				{"Edit", cwd + "/locked/x", "deny"},
				{"Read", cwd + "/ok.txt", "allow"},
				{"Edit", cwd + "/src/a.go", "allow"},
				{"Read", filepath.Join(root, "home", "notes", "n.md"), "allow"},
				// A relative shell glob expands in the directory, whatever
				// it is called.
				{"Bash", "cat .e*", "deny"},
				{"Bash", "cat .[e]nv", "deny"},
				{"Bash", "cat secret/*", "deny"},
				{"Bash", "cat s*/k", "deny"},
				{"Bash", "cat sub/.env*", "deny"},
				{"Bash", "cat ok.*", "allow"},
				{"Bash", "ls src", "allow"},
			} {
				in := map[string]any{"file_path": r.path}
				if r.tool == "Bash" {
					in = map[string]any{"command": r.path}
				}
				if r.tool == "Edit" {
					in["old_string"], in["new_string"] = "a", "b"
				}
				d, err := e.Decide(context.Background(), Call{Tool: r.tool, Input: in})
				if err != nil {
					t.Fatal(err)
				}
				if d.Decision.String() != r.want {
					t.Errorf("%s %s: got %s (%s: %s), want %s", r.tool, r.path, d.Decision, d.Stage, d.Reason, r.want)
				}
			}
		})
	}
}
