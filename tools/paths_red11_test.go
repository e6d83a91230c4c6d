package tools

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/settings"
)

// TestAllowedReadsOpenNoDeniedFile: every spelling of a path that the
// engine allows in bypassPermissions mode (where only deny rules stop a
// call), the real tool then runs — and its output holds no denied file's
// content. The spellings climb through linked directories (the tool
// cleans ".." away before it opens, the kernel would not), follow links
// to /proc/self/cwd and /dev/fd, and chain links. The benign neighbours
// must still be allowed and read.
func TestAllowedReadsOpenNoDeniedFile(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	cwd, home := filepath.Join(root, "proj"), filepath.Join(root, "home")
	write(t, filepath.Join(cwd, ".claude", "settings.json"),
		`{"permissions":{"deny":["Read(.env)","Read(secrets/**)","Read(~/.ssh/**)"]}}`)
	write(t, filepath.Join(cwd, ".env"), "SECRET_ENV")
	write(t, filepath.Join(cwd, "secrets", "key"), "SECRET_KEY")
	write(t, filepath.Join(home, ".ssh", "id_rsa"), "SECRET_SSH")
	write(t, filepath.Join(cwd, "src", "a.go"), "PUBLIC_A")
	write(t, filepath.Join(cwd, "sub", "b"), "PUBLIC_B")
	for name, target := range map[string]string{
		"src/up": "../sub", "src/sd": "../secrets", "src/l1": "../.env", "src/hsd": filepath.Join(home, ".ssh"),
		"src/pc": "/proc/self/cwd", "src/c1": "pc", "src/fd": "/dev/fd", "src/ok": "a.go",
	} {
		if err := os.Symlink(target, filepath.Join(cwd, name)); err != nil {
			t.Fatal(err)
		}
	}
	s, err := settings.Load(settings.Options{Cwd: cwd, Home: home, ManagedFile: filepath.Join(root, "none.json")})
	if err != nil {
		t.Fatal(err)
	}
	e, err := engine.New(context.Background(), s, engine.WithEvaluator(engine.EvalBoth))
	if err != nil {
		t.Fatal(err)
	}
	here, _ := os.Getwd()
	rel := func(p string) string { r, _ := filepath.Rel(here, p); return r }
	tc := &Context{Cwd: cwd, SkipRead: e.Guarded}
	for _, c := range []struct {
		tool  string
		in    Input
		reads string // content an allowed call must return ("" for none)
	}{
		{"Read", Input{"file_path": cwd + "/src/up/../sd/key"}, ""},
		{"Read", Input{"file_path": cwd + "/src/up/./../sd//key"}, ""},
		{"Read", Input{"file_path": cwd + "/src/up/../l1"}, ""},
		{"Read", Input{"file_path": cwd + "/src/hsd/../.ssh/id_rsa"}, ""},
		{"Read", Input{"file_path": cwd + "/src/pc/" + rel(cwd+"/secrets/key")}, ""},
		{"Read", Input{"file_path": cwd + "/src/c1/" + rel(home+"/.ssh/id_rsa")}, ""},
		{"Read", Input{"file_path": cwd + "/src/fd/0"}, ""},
		{"Read", Input{"file_path": cwd + "/src/sd/key"}, ""},
		{"Grep", Input{"pattern": "SECRET", "path": cwd + "/src/up/../sd", "output_mode": "content"}, ""},
		{"Grep", Input{"pattern": "SECRET", "path": cwd + "/src/pc", "output_mode": "content"}, ""},
		{"Grep", Input{"pattern": "SECRET", "path": cwd + "/src", "output_mode": "content"}, ""},
		{"Glob", Input{"pattern": "*", "path": cwd + "/src/up/../sd"}, ""},
		// Benign neighbours: allowed, and read.
		{"Read", Input{"file_path": cwd + "/src/up/../a.go"}, "PUBLIC_A"},
		{"Read", Input{"file_path": cwd + "/src/ok"}, "PUBLIC_A"},
		{"Read", Input{"file_path": cwd + "/src/up/b"}, "PUBLIC_B"},
		{"Grep", Input{"pattern": "PUBLIC", "path": cwd, "output_mode": "content"}, "PUBLIC_A"},
	} {
		d, err := e.Decide(context.Background(), engine.Call{Tool: c.tool, Input: c.in, Mode: "bypassPermissions"})
		if err != nil {
			t.Fatalf("%s %v: %v", c.tool, c.in, err)
		}
		allowed := d.Decision.String() == "allow"
		if c.reads != "" && !allowed {
			t.Errorf("%s %v: got %s (%s), want allow", c.tool, c.in, d.Decision, d.Reason)
			continue
		}
		if !allowed {
			continue
		}
		var tool Tool
		switch c.tool {
		case "Read":
			tool = NewRead()
		case "Grep":
			tool = NewGrep()
		default:
			tool = NewGlob()
		}
		out := text(call(t, tool, c.in, tc))
		if strings.Contains(out, "SECRET") {
			t.Errorf("%s %v was allowed and returned a denied file: %q", c.tool, c.in, out)
		}
		if c.reads != "" && !strings.Contains(out, c.reads) {
			t.Errorf("%s %v: want %q in %q", c.tool, c.in, c.reads, out)
		}
	}
}
