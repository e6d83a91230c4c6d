package settings

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestRed13LinkTarget: where a write through a path lands, following
// every symlink, dangling ones included (filepath.EvalSymlinks gives up
// on them, and creating the target creates the settings file).
func TestRed13LinkTarget(t *testing.T) {
	dir, _ := filepath.EvalSymlinks(t.TempDir())
	for _, d := range []string{"real", "notes"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	links := map[string]string{
		"dangling":  "notes/missing.json",
		"hop":       "dangling",
		"dirlink":   "real",
		"abs":       filepath.Join(dir, "notes", "abs.json"),
		"loop":      "loop",
		"up":        "real/../notes/up.json",
		"real/back": "../notes",
	}
	for name, to := range links {
		if err := os.Symlink(to, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		path   string
		want   string
		linked bool
	}{
		{"dangling", "notes/missing.json", true},
		{"hop", "notes/missing.json", true},
		{"dirlink/settings.json", "real/settings.json", true},
		{"abs", "notes/abs.json", true},
		{"up", "notes/up.json", true},
		{"real/back/x.json", "notes/x.json", true},
		{"loop", "loop", false},
		{"real/plain.json", "real/plain.json", false},
		{"missing/dir/x.json", "missing/dir/x.json", false},
	}
	for _, c := range cases {
		got, linked := linkTarget(filepath.Join(dir, c.path))
		if want := filepath.Join(dir, c.want); got != want || linked != c.linked {
			t.Errorf("linkTarget(%s) = %s, %v; want %s, %v", c.path, got, linked, want, c.linked)
		}
	}
}

// TestRed13RepositorySettingsLinksArePolicyFiles: the targets of a
// repository's settings spelled through symlinks (dangling or not) are
// policy files of the session; a repository without links adds none.
func TestRed13RepositorySettingsLinksArePolicyFiles(t *testing.T) {
	cases := []struct {
		name  string
		links map[string]string
		want  []string // relative to the project; must be policy files
		not   []string // must not be
	}{
		{"dangling local", map[string]string{".claude/settings.local.json": "../notes/local.json"},
			[]string{"notes/local.json"}, []string{"notes"}},
		{"project file", map[string]string{".claude/settings.json": "../notes/a.json"},
			[]string{"notes/a.json"}, nil},
		{"directory link", map[string]string{".claude": "cfg"}, []string{"cfg"}, nil},
		{"directory link to the project", map[string]string{".claude": "."},
			[]string{"settings.json", "settings.local.json"}, []string{""}},
		{"mcp", map[string]string{".mcp.json": "notes/m.json"}, []string{"notes/m.json"}, nil},
		{"no links", nil, nil, []string{"notes/local.json", "notes/a.json", "cfg"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir, _ := filepath.EvalSymlinks(t.TempDir())
			for _, d := range []string{".claude", "notes", "cfg"} {
				if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.WriteFile(filepath.Join(dir, "notes", "a.json"), []byte("{}"), 0o644); err != nil {
				t.Fatal(err)
			}
			for name, to := range c.links {
				p := filepath.Join(dir, name)
				os.Remove(p)
				if err := os.Symlink(to, p); err != nil {
					t.Fatal(err)
				}
			}
			s, err := loadWithin(t, Options{Cwd: dir, Home: t.TempDir(), ManagedFile: filepath.Join(t.TempDir(), "none.json")})
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range c.want {
				if p := filepath.Join(dir, w); !slices.Contains(s.PolicyFiles, p) {
					t.Errorf("%s is not a policy file: %v", p, s.PolicyFiles)
				}
			}
			for _, w := range c.not {
				if p := filepath.Join(dir, w); slices.Contains(s.PolicyFiles, p) {
					t.Errorf("%s is a policy file: %v", p, s.PolicyFiles)
				}
			}
		})
	}
}

// TestRed13HooksLockDropsRepositoryEnv: under allowManagedHooksOnly the
// env of project and local settings is not applied (it names programs
// every command runs: BASH_ENV, PATH) even in a trusted workspace, and a
// value the process carries is recorded as carried; the organisation's
// and the user's env stay applied.
func TestRed13HooksLockDropsRepositoryEnv(t *testing.T) {
	dir, _ := filepath.EvalSymlinks(t.TempDir())
	home := t.TempDir()
	files := map[string]string{
		filepath.Join(dir, ".claude", "settings.json"):       `{"env": {"BASH_ENV": "./x.sh"}}`,
		filepath.Join(dir, ".claude", "settings.local.json"): `{"env": {"PATH": "./bin"}}`,
		filepath.Join(home, ".claude", "settings.json"):      `{"env": {"USER_VAR": "u"}}`,
	}
	managed := filepath.Join(t.TempDir(), "managed.json")
	files[managed] = `{"allowManagedHooksOnly": true, "env": {"ORG_VAR": "o"}}`
	for p, body := range files {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	old := lookupEnv
	lookupEnv = func(k string) (string, bool) {
		if k == "BASH_ENV" {
			return "./x.sh", true
		}
		return "", false
	}
	defer func() { lookupEnv = old }()
	s, err := loadWithin(t, Options{Cwd: dir, Home: home, ManagedFile: managed, ManagedExplicit: true, TrustWorkspace: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Env["BASH_ENV"]; ok {
		t.Errorf("project env applied under the hooks lock: %v", s.Env)
	}
	if _, ok := s.Env["PATH"]; ok {
		t.Errorf("local env applied under the hooks lock: %v", s.Env)
	}
	if s.Env["ORG_VAR"] != "o" || s.Env["USER_VAR"] != "u" {
		t.Errorf("managed or user env dropped: %v", s.Env)
	}
	if len(s.CarriedEnv) != 1 || s.CarriedEnv[0].Name != "BASH_ENV" {
		t.Errorf("carried = %v, want BASH_ENV", s.CarriedEnv)
	}
}

// TestRed13EnvNamesAsChildrenSeeThem: an env name holding '=' is read as
// the variable a child process sees ("A=b": "c" is A=b=c), with a
// warning; spelling one name both ways is an error.
func TestRed13EnvNamesAsChildrenSeeThem(t *testing.T) {
	cases := []struct {
		env     string
		want    map[string]string
		wantErr bool
	}{
		{`{"BASH_ENV=./x": "y"}`, map[string]string{"BASH_ENV": "./x=y"}, false},
		{`{"A==": "="}`, map[string]string{"A": "==="}, false},
		{`{"=X": "1"}`, map[string]string{"": "X=1"}, false},
		{`{"PATH": "/bin", "PATH=/x": "y"}`, nil, true},
		{`{"PATH=/x": "y", "PATH": "/bin"}`, nil, true},
		{`{"NODE_ENV": "a=b"}`, map[string]string{"NODE_ENV": "a=b"}, false},
	}
	for _, c := range cases {
		fs, err := parseFile("s.json", []byte(`{"env": `+c.env+`}`), ProjectSettings)
		if c.wantErr {
			if err == nil {
				t.Errorf("%s: no error", c.env)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", c.env, err)
		}
		if len(fs.env) != len(c.want) {
			t.Errorf("%s: env = %v, want %v", c.env, fs.env, c.want)
		}
		for k, v := range c.want {
			if fs.env[k] != v {
				t.Errorf("%s: env[%q] = %q, want %q", c.env, k, fs.env[k], v)
			}
		}
	}
}

// TestRed13ConfineWholeToolAllow: an untrusted repository's whole-tool
// allow of a path tool is anchored at the settings' root, or dropped for a
// tool whose path rules are never consulted; other rules, deny and ask
// rules and a trusted workspace's rules are left as they are.
func TestRed13ConfineWholeToolAllow(t *testing.T) {
	cases := []struct {
		allow   string
		trusted bool
		want    string // the rule's text after loading; "" dropped
	}{
		{"Read", false, "Read(/**)"},
		{"Read(*)", false, "Read(/**)"},
		{"Edit()", false, "Edit()"}, // matches nothing, as in Claude Code (allowMatchesNothing): left ignored
		{"Grep", false, "Grep(/**)"},
		{"Write", false, ""},
		{"Glob(*)", false, ""},
		{"NotebookEdit", false, ""},
		{"Read(src/**)", false, "Read(src/**)"},
		{"Bash", false, "Bash(**)"},
		{"WebFetch", false, ""}, // a network tool (repositoryNetworkAllow)
		{"mcp__github", false, "mcp__github"},
		{"Read", true, "Read"},
		{"Write", true, "Write"},
	}
	for _, c := range cases {
		s := red14loadRepo(t, `{"permissions": {"allow": ["`+c.allow+`"], "deny": ["Read"], "ask": ["Edit(*)"]}}`, c.trusted)
		var got []string
		for _, r := range s.Rules {
			switch r.Behavior {
			case Allow:
				got = append(got, r.Text)
				if r.Text == "Read(/**)" && (r.Anchor != AnchorSource || r.Kind != KindPath || r.Root != s.Cwd) {
					t.Errorf("%s: confined rule %+v", c.allow, r)
				}
			case Deny, Ask:
				if r.Text != "Read" && r.Text != "Edit(*)" {
					t.Errorf("%s: a %s rule changed: %s", c.allow, r.Behavior, r.Text)
				}
			}
		}
		want := []string{c.want}
		if c.want == "" {
			want = nil
		}
		if !slices.Equal(got, want) {
			t.Errorf("allow %s (trusted %v): rules %v, want %v", c.allow, c.trusted, got, want)
		}
	}
}

// TestRed13FrontmatterMode: the permissionMode of a subagent definition's
// frontmatter, from valid YAML or, failing that, from its line.
func TestRed13FrontmatterMode(t *testing.T) {
	cases := []struct{ doc, want string }{
		{"---\npermissionMode: bypassPermissions\n---\nbody", "bypassPermissions"},
		{"\ufeff---\r\nname: x\r\npermissionMode: 'auto'\r\n---\r\n", "auto"},
		{"---\ntools: [Bash\npermissionMode: bypassPermissions\n---\n", "bypassPermissions"},
		{"---\npermissionMode: [x]\n  permissionMode: auto\n---\n", "auto"},
		{"---\nname: x\n---\npermissionMode: bypassPermissions\n", ""},
		{"permissionMode: bypassPermissions\n", ""},
		{"---\npermissionMode: default\n---\n", "default"},
	}
	for _, c := range cases {
		if got := frontmatterMode([]byte(c.doc)); got != c.want {
			t.Errorf("frontmatterMode(%q) = %q, want %q", c.doc, got, c.want)
		}
	}
}
