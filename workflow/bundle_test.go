package workflow

import (
	"compress/gzip"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/settings"
)

// loadManaged loads settings with managed rules (JSON) for a project at cwd.
func loadManaged(t *testing.T, cwd, home, managed string) *settings.Settings {
	t.Helper()
	f := filepath.Join(t.TempDir(), "managed-settings.json")
	if err := os.WriteFile(f, []byte(managed), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := settings.Load(settings.Options{Cwd: cwd, Home: home, ManagedFile: f, ManagedExplicit: true})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestBundleDecidesAsItsEngine: a bundle decides every call as the engine
// of the settings it was built from, even when the settings that compute
// the facts lack its path rules (a recursive walk still sees what only
// the bundle guards).
func TestBundleDecidesAsItsEngine(t *testing.T) {
	ctx := context.Background()
	proj, home := t.TempDir(), t.TempDir()
	for _, d := range []string{"secrets", "config", "docs/private", "src"} {
		os.MkdirAll(filepath.Join(proj, d), 0o755)
	}
	full := loadManaged(t, proj, home, `{"permissions": {
  "deny": ["Read(.env)", "Read(secrets/)", "Read(**/id_rsa)", "Edit(/config/**)", "Read(~/.ssh/**)",
           "Read(//etc/shadow)", "Bash(curl *)"],
  "ask": ["Read(docs/private/*.md)", "Bash(git push *)"],
  "allow": ["Bash(make *)", "Edit(src/**)"]
}}`)
	facts := loadManaged(t, proj, home, `{"permissions": {"deny": ["Bash(curl *)"], "ask": ["Bash(git push *)"],
  "allow": ["Bash(make *)", "Edit(src/**)"]}}`)
	b, err := engine.Build(full, "")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "b.tar.gz")
	f, _ := os.Create(path)
	if err := b.WriteTarGz(f, nil); err != nil {
		t.Fatal(err)
	}
	f.Close()
	bp, err := OpenBundle(ctx, path, BundleOptions{Settings: facts})
	if err != nil {
		t.Fatal(err)
	}
	e, err := engine.New(ctx, full)
	if err != nil {
		t.Fatal(err)
	}
	bash := func(c string) engine.Call { return engine.Call{Tool: "Bash", Input: map[string]any{"command": c}} }
	for _, call := range []engine.Call{
		bash("grep -r TODO ."), bash("grep -r TODO src"), bash("rg password"), bash("find . -name '*.md'"),
		bash("ls -R"), bash("tar czf /tmp/x.tgz ."), bash("cp -r . /tmp/copy"), bash("cat .env"),
		bash("cat secrets/key"), bash("cat sub/id_rsa"), bash("sed -i s/a/b/ config/app.yaml"),
		bash("cat docs/private/plan.md"), bash("grep -r x docs"), bash("cat ~/.ssh/config"), bash("cat /etc/shadow"),
		bash("make build"), bash("curl https://x.example"), bash("git push origin main"), bash("du -a ~"),
		{Tool: "Read", Input: map[string]any{"file_path": filepath.Join(proj, ".env")}},
		{Tool: "Read", Input: map[string]any{"file_path": filepath.Join(proj, "docs/private/a.md")}},
		{Tool: "Edit", Input: map[string]any{"file_path": filepath.Join(proj, "config/x"), "old_string": "a", "new_string": "b"}},
		{Tool: "Edit", Input: map[string]any{"file_path": filepath.Join(proj, "src/x.go"), "old_string": "a", "new_string": "b"}},
		{Tool: "Grep", Input: map[string]any{"pattern": "x", "path": proj}},
		{Tool: "Glob", Input: map[string]any{"pattern": "**/*"}},
		{Tool: "Read", Input: map[string]any{}}, // invalid: no file_path
	} {
		want, err := e.Decide(ctx, call)
		if err != nil {
			t.Fatal(err)
		}
		got, err := bp.Decide(ctx, call)
		if err != nil {
			t.Fatalf("%s %v: %v", call.Tool, call.Input, err)
		}
		if got.Decision != want.Decision || got.Stage != want.Stage || DecidedBy(got) != DecidedBy(want) || got.Reason != want.Reason {
			t.Errorf("%s %v:\nbundle %s %s %s: %s\nengine %s %s %s: %s", call.Tool, call.Input, got.Decision, got.Stage,
				DecidedBy(got), got.Reason, want.Decision, want.Stage, DecidedBy(want), want.Reason)
		}
	}
	if n := bp.Notes(); len(n) != 2 {
		t.Errorf("notes: %q", n)
	}
}

// TestIsBundle: a bundle is told by its gzip header, not its name.
func TestIsBundle(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, data, 0o644)
		return p
	}
	gz := func(name string) string {
		p := filepath.Join(dir, name)
		f, _ := os.Create(p)
		zw := gzip.NewWriter(f)
		zw.Write([]byte("x"))
		zw.Close()
		f.Close()
		return p
	}
	for _, tt := range []struct {
		name, path string
		want, err  bool
	}{
		{"tar.gz", gz("b.tar.gz"), true, false},
		{"gzip named json", gz("policy.json"), true, false},
		{"json named tar.gz", write("x.tar.gz", []byte(`{"a": 1}`)), false, false},
		{"one byte", write("one", []byte{0x1f}), false, false},
		{"empty", write("empty", nil), false, false},
		{"directory", dir, false, false},
		{"missing", filepath.Join(dir, "nope"), false, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := IsBundle(tt.path)
			if got != tt.want || (err != nil) != tt.err {
				t.Errorf("IsBundle(%s) = %v, %v", tt.path, got, err)
			}
		})
	}
}

// TestBundleNotes: the notes say how the bundle decides and what the diff
// cannot show; the bundle's command profile is the facts' profile, while
// an org command table only the bundle has is named.
func TestBundleNotes(t *testing.T) {
	ctx := context.Background()
	proj, home := t.TempDir(), t.TempDir()
	org := t.TempDir()
	os.WriteFile(filepath.Join(org, "org.yaml"), []byte("commands:\n  deployctl:\n    commands:\n      status: {}\n"), 0o644)
	extended := loadManaged(t, proj, home, `{"agentctl": {"commands": "extended"}, "permissions": {"deny": ["Read(.env)"]}}`)
	core := loadManaged(t, proj, home, `{"permissions": {"deny": ["Read(.env)"]}}`)
	build := func(s *settings.Settings, policyDir string) string {
		b, err := engine.Build(s, policyDir)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(t.TempDir(), "b.tar.gz")
		f, _ := os.Create(p)
		defer f.Close()
		if err := b.WriteTarGz(f, nil); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tt := range []struct {
		name      string
		bundle    string
		facts     *settings.Settings
		policyDir string
		call      string
		want      string // the call's decision under the bundle
		tableNote bool
	}{
		// The bundle's profile (extended) parses kubectl although the
		// facts' settings say core.
		{"profile from the bundle", build(extended, ""), core, "", "kubectl get pods", "allow", false},
		{"core bundle", build(core, ""), extended, "", "kubectl get pods", "ask", false},
		{"org table only in the bundle", build(core, org), core, "", "deployctl status", "ask", true},
		{"org table on both sides", build(core, org), core, org, "deployctl status", "allow", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			bp, err := OpenBundle(ctx, tt.bundle, BundleOptions{Settings: tt.facts, PolicyDir: tt.policyDir})
			if err != nil {
				t.Fatal(err)
			}
			d, err := bp.Decide(ctx, engine.Call{Tool: "Bash", Input: map[string]any{"command": tt.call}})
			if err != nil {
				t.Fatal(err)
			}
			if d.Decision.String() != tt.want {
				t.Errorf("%s: %s (%s), want %s", tt.call, d.Decision, d.Reason, tt.want)
			}
			notes := strings.Join(bp.Notes(), "\n")
			if !strings.Contains(notes, "unsigned): its Rego modules and rules decide") {
				t.Errorf("notes: %s", notes)
			}
			if got := strings.Contains(notes, "command table differs"); got != tt.tableNote {
				t.Errorf("command table note %v, want %v:\n%s", got, tt.tableNote, notes)
			}
		})
	}
}
