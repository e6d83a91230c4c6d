package settings

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// loadWithin runs Load with a deadline: a settings path that blocks (a FIFO,
// /dev/zero) must fail, not hang.
func loadWithin(t *testing.T, opts Options) (*Settings, error) {
	t.Helper()
	type result struct {
		s   *Settings
		err error
	}
	done := make(chan result, 1)
	go func() {
		s, err := Load(opts)
		done <- result{s, err}
	}()
	select {
	case r := <-done:
		return r.s, r.err
	case <-time.After(5 * time.Second):
		t.Fatal("Load did not return within 5s")
		return nil, nil
	}
}

// TestHostileSettingsPathKinds: a repository controls what its settings
// paths are. A FIFO or a symlink to a device is an error naming the file
// (never a hang: a hook that never answers lets the call through on
// timeout); a symlink to a regular file is read as usual.
func TestHostileSettingsPathKinds(t *testing.T) {
	cases := []struct {
		name    string
		file    string // under proj/.claude
		make    func(path string) error
		wantErr string // "" means it loads and its deny rule applies
	}{
		{"fifo project yaml", "settings.yaml", func(p string) error { return syscall.Mkfifo(p, 0o644) }, "not a regular file"},
		{"fifo local json", "settings.local.json", func(p string) error { return syscall.Mkfifo(p, 0o644) }, "not a regular file"},
		{"symlink to /dev/zero", "settings.yml", func(p string) error { return os.Symlink("/dev/zero", p) }, "not a regular file"},
		{"symlink to /dev/null", "settings.json", func(p string) error { return os.Symlink("/dev/null", p) }, "not a regular file"},
		{"directory", "settings.json", func(p string) error { return os.Mkdir(p, 0o755) }, "not a regular file"},
		{"benign symlink to a file", "settings.json", func(p string) error {
			real := filepath.Join(filepath.Dir(p), "real.json")
			if err := os.WriteFile(real, []byte(`{"permissions":{"deny":["Bash(rm *)"]}}`), 0o644); err != nil {
				return err
			}
			return os.Symlink(real, p)
		}, ""},
		{"benign regular file", "settings.local.json", func(p string) error {
			return os.WriteFile(p, []byte(`{"permissions":{"deny":["Bash(rm *)"]}}`), 0o644)
		}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root, opts := tree(t, map[string]string{"proj/.claude/.keep": ""})
			if err := c.make(filepath.Join(root, "proj", ".claude", c.file)); err != nil {
				t.Skip("cannot create:", err)
			}
			s, err := loadWithin(t, opts)
			if c.wantErr == "" {
				if err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(strings.Join(ruleLines(s), "\n"), "Bash(rm *)") {
					t.Errorf("deny rule not applied: %v", ruleLines(s))
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.wantErr) || !strings.Contains(err.Error(), c.file) {
				t.Fatalf("err = %v, want one naming %s and %q", err, c.file, c.wantErr)
			}
		})
	}
}

// TestNamedManagedFileFIFO: a named managed file that is a FIFO is an error,
// not a hang and not "no org policy".
func TestNamedManagedFileFIFO(t *testing.T) {
	_, opts := tree(t, map[string]string{"proj/.keep": ""})
	if err := os.MkdirAll(filepath.Dir(opts.ManagedFile), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(opts.ManagedFile, 0o644); err != nil {
		t.Skip("cannot create a FIFO:", err)
	}
	opts.ManagedExplicit = true
	_, err := loadWithin(t, opts)
	if err == nil || !errors.Is(err, ErrNotRegular) {
		t.Fatalf("err = %v, want ErrNotRegular", err)
	}
}

// TestRepositoryEnvNamesPolicyLocation: a repository's env block may not
// choose where agentctl reads its policy or trust records. When the
// process carries the repository's very value (Claude Code applied the
// block and the hook inherited it), Load fails; otherwise the entry is
// dropped with a warning, trusted or not. Other variables are untouched.
func TestRepositoryEnvNamesPolicyLocation(t *testing.T) {
	cases := []struct {
		name, file, key string
		inProcess       bool // the process has the repository's value
		wantErr         bool
	}{
		{"managed file from the repo, inherited", "settings.json", "AGENTCTL_MANAGED_SETTINGS", true, true},
		{"config dir from the repo, inherited", "settings.local.json", "CLAUDE_CONFIG_DIR", true, true},
		{"trust store from the repo, inherited", "settings.yaml", "XDG_CONFIG_HOME", true, true},
		{"home from the repo, inherited", "settings.json", "HOME", true, true},
		{"full binary from the repo, inherited", "settings.json", "AGENTCTL_FULL_BIN", true, true},
		{"project dir from the repo, inherited", "settings.local.json", "CLAUDE_PROJECT_DIR", true, true},
		{"managed file named, not inherited", "settings.json", "AGENTCTL_MANAGED_SETTINGS", false, false},
		{"config dir named, not inherited", "settings.local.yml", "CLAUDE_CONFIG_DIR", false, false},
	}
	for _, c := range cases {
		for _, trusted := range []bool{false, true} {
			t.Run(c.name, func(t *testing.T) {
				_, opts := tree(t, nil)
				val := filepath.Join(opts.Cwd, ".x")
				body := `{"env": {"` + c.key + `": "` + val + `", "NODE_ENV": "test"}}`
				if strings.HasSuffix(c.file, ".yaml") || strings.HasSuffix(c.file, ".yml") {
					body = "env:\n  " + c.key + ": " + val + "\n  NODE_ENV: test\n"
				}
				if err := os.MkdirAll(filepath.Join(opts.Cwd, ".claude"), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(opts.Cwd, ".claude", c.file), []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
				opts.TrustWorkspace = trusted
				old := lookupEnv
				t.Cleanup(func() { lookupEnv = old })
				lookupEnv = func(k string) (string, bool) {
					if k == c.key && c.inProcess {
						return val, true
					}
					return "", false
				}
				s, err := Load(opts)
				if c.wantErr {
					if err == nil || !strings.Contains(err.Error(), c.key) || !strings.Contains(err.Error(), c.file+":") {
						t.Fatalf("trusted=%v: err = %v, want an error naming %s at %s:line:col", trusted, err, c.key, c.file)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				if _, ok := s.Env[c.key]; ok {
					t.Errorf("trusted=%v: env %s applied", trusted, c.key)
				}
				if trusted && s.Env["NODE_ENV"] != "test" {
					t.Errorf("trusted: benign NODE_ENV not applied: %v", s.Env)
				}
				warned := false
				for _, w := range s.Warnings {
					warned = warned || strings.Contains(w.Msg, "env "+c.key+" dropped")
				}
				if !warned {
					t.Errorf("trusted=%v: no warning about %s: %v", trusted, c.key, s.Warnings)
				}
			})
		}
	}
}

// TestUserEnvNamesLocationUntouched: the user's own settings may set these
// variables (the user chose them); only the repository may not.
func TestUserEnvNamesLocationUntouched(t *testing.T) {
	_, opts := tree(t, map[string]string{"home/.claude/settings.json": `{"env": {"XDG_CONFIG_HOME": "/x"}}`})
	old := lookupEnv
	t.Cleanup(func() { lookupEnv = old })
	lookupEnv = func(k string) (string, bool) { return "/x", k == "XDG_CONFIG_HOME" }
	s, err := Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	if s.Env["XDG_CONFIG_HOME"] != "/x" {
		t.Errorf("user env dropped: %v", s.Env)
	}
}

// TestYAMLOneDocument: a YAML settings file is one document. A second one
// ("---") would be silently ignored (a deny list placed there lost, while
// another reader may apply the last document); a bare trailing "---" and an
// explicit "..." end are fine.
func TestYAMLOneDocument(t *testing.T) {
	cases := []struct {
		name, src string
		wantErr   bool
	}{
		{"allow then deny", "permissions:\n  allow: [\"Bash(make *)\"]\n---\npermissions:\n  deny: [\"Bash(rm *)\"]\n", true},
		{"deny then empty map", "permissions:\n  deny: [\"Bash(rm *)\"]\n---\n{}\n", true},
		{"three documents", "---\n{}\n---\n{}\n---\npermissions: {}\n", true},
		{"leading marker", "---\npermissions:\n  deny: [\"Bash(rm *)\"]\n", false},
		{"trailing bare marker", "permissions:\n  deny: [\"Bash(rm *)\"]\n---\n", false},
		{"document end marker", "---\npermissions:\n  deny: [\"Bash(rm *)\"]\n...\n", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, opts := tree(t, map[string]string{"proj/.claude/settings.yaml": c.src})
			s, err := Load(opts)
			if c.wantErr {
				if err == nil || !strings.Contains(err.Error(), "settings.yaml:") || !strings.Contains(err.Error(), "more than one YAML document") {
					t.Fatalf("err = %v, want a multi-document error at settings.yaml:line:col", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(strings.Join(ruleLines(s), "\n"), "Bash(rm *)") {
				t.Errorf("deny rule lost: %v", ruleLines(s))
			}
		})
	}
}

// TestManagedYAMLBooleanSpellings: a managed YAML file may spell a lock's
// true as true, True or TRUE (or tag it !!bool); each locks, so the
// repository's allow rules and hooks are dropped. false in any spelling
// does not.
func TestManagedYAMLBooleanSpellings(t *testing.T) {
	for _, v := range []string{"true", "True", "TRUE", `!!bool "true"`, "false", "False", "FALSE"} {
		for _, key := range []string{"allowManagedPermissionRulesOnly", "allowManagedHooksOnly"} {
			for _, under := range []bool{false, true} {
				doc := key + ": " + v + "\n"
				if under {
					doc = "permissions:\n  " + key + ": " + v + "\n"
				}
				_, opts := tree(t, map[string]string{
					"etc/managed-settings.json":       `{}`,
					"etc/managed-settings.d/10.yaml":  doc,
					"proj/.claude/settings.json":      `{"permissions": {"allow": ["Bash(make *)"]}, "hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "true"}]}]}}`,
					"proj/.claude/settings.local.yml": "permissions:\n  deny: [\"Bash(rm *)\"]\n",
				})
				opts.TrustWorkspace = true
				s, err := Load(opts)
				if err != nil {
					t.Fatal(err)
				}
				want := strings.EqualFold(strings.Trim(strings.TrimPrefix(v, "!!bool "), `"`), "true")
				var got bool
				switch key {
				case "allowManagedPermissionRulesOnly":
					got = s.AllowManagedPermissionRulesOnly
					if applied := strings.Contains(strings.Join(ruleLines(s), "\n"), "Bash(make *)"); applied == want {
						t.Errorf("%q: project allow applied=%v under the lock=%v", doc, applied, want)
					}
				default:
					got = s.AllowManagedHooksOnly
					if ran := len(s.Hooks) > 0; ran == want {
						t.Errorf("%q: project hook kept=%v under the lock=%v", doc, ran, want)
					}
				}
				if got != want {
					t.Errorf("%q: lock = %v, want %v", doc, got, want)
				}
				if !strings.Contains(strings.Join(ruleLines(s), "\n"), "Bash(rm *)") {
					t.Errorf("%q: local deny lost", doc)
				}
			}
		}
	}
}

// TestYAMLMergeKey: a merge key is an error at its position, never a key
// whose merged denies are silently dropped; a quoted "<<" key and an alias
// used as a whole value are fine.
func TestYAMLMergeKey(t *testing.T) {
	cases := []struct {
		name, src string
		wantErr   bool
	}{
		{"merge into permissions", "base: &b\n  deny: [\"Bash(rm *)\"]\npermissions:\n  <<: *b\n", true},
		{"merge list", "a: &a {deny: [\"Bash(rm *)\"]}\npermissions:\n  <<: [*a]\n  allow: [\"Bash(make *)\"]\n", true},
		{"alias as a value", "x: &d [\"Bash(rm *)\"]\npermissions:\n  deny: *d\n", false},
		{"quoted key", "\"<<\": 1\npermissions:\n  deny: [\"Bash(rm *)\"]\n", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, opts := tree(t, map[string]string{"proj/.claude/settings.local.yaml": c.src})
			s, err := Load(opts)
			if c.wantErr {
				if err == nil || !strings.Contains(err.Error(), "merge keys") || !strings.Contains(err.Error(), "settings.local.yaml:") {
					t.Fatalf("err = %v, want a merge-key error at file:line:col", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(strings.Join(ruleLines(s), "\n"), "Bash(rm *)") {
				t.Errorf("deny lost: %v", ruleLines(s))
			}
		})
	}
}

// TestSettingsFileSizeBound: a settings file over 8 MiB is an error (a
// repository may ship anything; loading must end), while Claude Code's
// state file, which really grows to tens of megabytes, still records trust.
func TestSettingsFileSizeBound(t *testing.T) {
	_, opts := tree(t, map[string]string{"proj/.claude/settings.json": `{"env": {"X": "` + strings.Repeat("a", maxSettingsSize) + `"}}`})
	if _, err := Load(opts); err == nil || !errors.Is(err, ErrTooLarge) {
		t.Fatalf("err = %v, want ErrTooLarge", err)
	}
	_, opts = tree(t, map[string]string{"proj/.keep": ""})
	big := `{"history": "` + strings.Repeat("h", maxSettingsSize+1) + `", "projects": {"` + opts.Cwd + `": {"hasTrustDialogAccepted": true}}}`
	if err := os.MkdirAll(opts.Home, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(opts.Home, ".claude.json"), []byte(big), 0o600); err != nil {
		t.Fatal(err)
	}
	opts.TrustRecords = true
	opts.TrustStore = filepath.Join(opts.Home, "none", "trusted.json")
	s, err := Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	if !s.Trust.Trusted {
		t.Errorf("a large Claude Code state file no longer trusts: %+v %v", s.Trust, s.Warnings)
	}
}

// TestTrustFollowsResolvedCwd: trust is decided by where the workspace
// really is. A symlink inside a trusted directory pointing elsewhere
// (vendor/x -> another clone) is not trusted by that record; a symlink to
// a trusted directory, and a real sub directory, are.
func TestTrustFollowsResolvedCwd(t *testing.T) {
	root, opts := tree(t, map[string]string{
		"trusted/sub/.keep":          "",
		"evil/.claude/settings.json": `{"env": {"X": "1"}}`,
	})
	root, _ = filepath.EvalSymlinks(root)
	trusted := filepath.Join(root, "trusted")
	if err := os.Symlink(filepath.Join(root, "evil"), filepath.Join(trusted, "link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(trusted, filepath.Join(root, "alias")); err != nil {
		t.Fatal(err)
	}
	store := filepath.Join(root, "home", "trusted.json")
	ts := &TrustStore{Path: store, Version: 1}
	ts.Add(trusted, time.Now())
	if err := ts.Save(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		cwd  string
		want bool
	}{
		{filepath.Join(trusted, "link"), false},
		{filepath.Join(trusted, "sub"), true},
		{filepath.Join(root, "alias", "sub"), true},
		{trusted, true},
		{filepath.Join(root, "evil"), false},
	} {
		o := opts
		o.Cwd, o.TrustRecords, o.TrustStore = c.cwd, true, store
		s, err := Load(o)
		if err != nil {
			t.Fatal(err)
		}
		if s.Trust.Trusted != c.want {
			t.Errorf("%s: trusted=%v (%s), want %v", c.cwd, s.Trust.Trusted, s.Trust.By, c.want)
		}
		if c.want == false && s.Env["X"] != "" {
			t.Errorf("%s: untrusted env applied", c.cwd)
		}
	}
}
