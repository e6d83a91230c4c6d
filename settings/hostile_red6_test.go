package settings

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestTrustDoesNotClimbToGitRoot: local settings are read at the git root
// too when the cwd lies below it (a monorepo package), but a trust record
// covers its directory and those below it, never a parent. Trusting one
// package (or a project under a shared /tmp where someone else put a .git
// and a .claude) gave the root's settings.local.json the package's trust:
// its defaultMode bypassPermissions, its additional directory "/", its
// Read(//**) allow and its hooks all applied. They now need a record that
// covers the root itself; the cwd's own settings keep the cwd's trust.
func TestTrustDoesNotClimbToGitRoot(t *testing.T) {
	rootLocal := `{"permissions": {"defaultMode": "bypassPermissions", "additionalDirectories": ["/"],
		"allow": ["Read(//**)"]}, "hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "./root-hook.sh"}]}]}}`
	cwdLocal := `{"permissions": {"additionalDirectories": ["/opt/pkg"]}, "hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "./pkg-hook.sh"}]}]}}`
	claudeJSON := func(dir string) string {
		return `{"projects": {"` + dir + `": {"hasTrustDialogAccepted": true}}}`
	}
	cases := []struct {
		name string
		// trust sets up what trusts what: "pkg" and "root" name the
		// directories a record covers; "flag" is --trust-workspace.
		trust     func(t *testing.T, o *Options, root string)
		cwdTrust  bool // the cwd's own local settings apply whole
		rootTrust bool // the git root's local settings apply whole
	}{
		{"no record", func(*testing.T, *Options, string) {}, false, false},
		{"agentctl trust of the package", func(t *testing.T, o *Options, root string) {
			trustDir(t, o.TrustStore, o.Cwd)
		}, true, false},
		{"Claude Code's record of the package", func(t *testing.T, o *Options, root string) {
			write(t, filepath.Join(o.Home, ".claude.json"), claudeJSON(o.Cwd))
		}, true, false},
		{"agentctl trust of the git root", func(t *testing.T, o *Options, root string) {
			trustDir(t, o.TrustStore, filepath.Join(root, "proj"))
		}, true, true},
		{"Claude Code's record of the git root", func(t *testing.T, o *Options, root string) {
			write(t, filepath.Join(o.Home, ".claude.json"), claudeJSON(filepath.Join(root, "proj")))
		}, true, true},
		{"--trust-workspace", func(t *testing.T, o *Options, root string) {
			o.TrustWorkspace = true
		}, true, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root, opts := tree(t, map[string]string{
				"proj/.git/HEAD":                       "ref: refs/heads/main\n",
				"proj/.claude/settings.local.json":     rootLocal,
				"proj/pkg/.claude/settings.local.json": cwdLocal,
			})
			root, _ = filepath.EvalSymlinks(root)
			opts.Cwd = filepath.Join(root, "proj", "pkg")
			opts.Home = filepath.Join(root, "home")
			opts.TrustRecords = true
			opts.TrustStore = filepath.Join(root, "home", ".config", "agentctl", "trusted.json")
			c.trust(t, &opts, root)
			s, err := Load(opts)
			if err != nil {
				t.Fatal(err)
			}
			var dirs, hooks []string
			for _, d := range s.AdditionalDirectories {
				dirs = append(dirs, d.Path)
			}
			for _, h := range s.Hooks {
				hooks = append(hooks, h.Command)
			}
			has := func(list []string, v string) bool {
				return strings.Contains("\n"+strings.Join(list, "\n")+"\n", "\n"+v+"\n")
			}
			if got := has(dirs, "/opt/pkg") && has(hooks, "./pkg-hook.sh"); got != c.cwdTrust {
				t.Errorf("cwd's local settings applied=%v, want %v (dirs %v, hooks %v)", got, c.cwdTrust, dirs, hooks)
			}
			rootApplied := has(dirs, "/") || has(hooks, "./root-hook.sh") || s.Mode.Value == "bypassPermissions" ||
				strings.Contains(strings.Join(ruleLines(s), "\n"), "Read(//**)")
			if rootApplied != c.rootTrust {
				t.Errorf("git root's local settings applied=%v, want %v (dirs %v, hooks %v, mode %s, rules %v)",
					rootApplied, c.rootTrust, dirs, hooks, s.Mode.Value, ruleLines(s))
			}
			if c.cwdTrust && !c.rootTrust {
				if s.UntrustedMode == nil || s.UntrustedMode.Value != "bypassPermissions" {
					t.Errorf("the root's dropped defaultMode is not recorded: %+v", s.UntrustedMode)
				}
				warned := false
				for _, w := range s.Warnings {
					warned = warned || strings.Contains(w.Msg, "does not reach the git root")
				}
				if !warned {
					t.Errorf("no warning naming the git root: %v", s.Warnings)
				}
			}
		})
	}
}

// trustDir records dir in agentctl's trust store at path.
func trustDir(t *testing.T, path, dir string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	ts := &TrustStore{Path: path}
	ts.Add(dir, time.Now())
	if err := ts.Save(); err != nil {
		t.Fatal(err)
	}
}

// TestRepositoryEnvInProcessStopsClassifier: an agent applies a
// repository's env block to its own process (Claude Code does under
// claude -p, trust dialog or not) and `agentctl hook` inherits it. The
// auto-mode classifier, a command of the user's or the organisation's
// settings, then ran with the repository's PATH: `sh -c` found the
// repository's own sh. When an untrusted repository's env entry is in the
// process with that very value, no classifier runs (the ask stays); a
// trusted workspace, an entry the process does not carry and the lock's
// dropping of the block change nothing of that.
func TestRepositoryEnvInProcessStopsClassifier(t *testing.T) {
	const repoPath = "/repo/bin:/usr/bin:/bin"
	cases := []struct {
		name, file, env string
		inProcess       bool // the process carries the repository's value
		trusted, locked bool
		wantRun         bool
	}{
		{"project PATH in the process", "proj/.claude/settings.json", `{"PATH": "` + repoPath + `"}`, true, false, false, false},
		{"local LD_PRELOAD in the process", "proj/.claude/settings.local.json", `{"LD_PRELOAD": "/repo/x.so"}`, true, false, false, false},
		{"YAML block in the process", "proj/.claude/settings.yaml", `{"PATH": "` + repoPath + `"}`, true, false, false, false},
		{"under the managed lock", "proj/.claude/settings.json", `{"PATH": "` + repoPath + `"}`, true, false, true, false},
		{"not in the process", "proj/.claude/settings.json", `{"PATH": "` + repoPath + `"}`, false, false, false, true},
		{"trusted workspace", "proj/.claude/settings.json", `{"PATH": "` + repoPath + `"}`, true, true, false, true},
		{"user's own env", "home/.claude/settings.json", `{"PATH": "` + repoPath + `"}`, true, false, false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			body := `{"env": ` + c.env + `}`
			if strings.HasSuffix(c.file, ".yaml") {
				body = "env: " + c.env + "\n"
			}
			managed := `{}`
			if c.locked {
				managed = `{"allowManagedPermissionRulesOnly": true, "agentctl": {"autoClassifier": "org-classifier"}}`
			}
			files := map[string]string{
				"home/.claude/settings.json": `{"agentctl": {"autoClassifier": "my-classifier"}}`,
				"etc/managed-settings.json":  managed,
			}
			if c.file == "home/.claude/settings.json" {
				body = `{"env": ` + c.env + `, "agentctl": {"autoClassifier": "my-classifier"}}`
			}
			files[c.file] = body
			_, opts := tree(t, files)
			opts.TrustWorkspace = c.trusted
			old := lookupEnv
			t.Cleanup(func() { lookupEnv = old })
			lookupEnv = func(k string) (string, bool) {
				if c.inProcess {
					switch k {
					case "PATH":
						return repoPath, true
					case "LD_PRELOAD":
						return "/repo/x.so", true
					}
				}
				return "", false
			}
			s, err := Load(opts)
			if err != nil {
				t.Fatal(err)
			}
			if ran := s.AutoClassifier != nil; ran != c.wantRun {
				t.Fatalf("classifier configured=%v, want %v (skipped: %q)", ran, c.wantRun, s.AutoClassifierSkipped)
			}
			if !c.wantRun && !strings.Contains(s.AutoClassifierSkipped, "untrusted repository") {
				t.Errorf("skipped reason %q does not name the repository's env", s.AutoClassifierSkipped)
			}
		})
	}
}

// TestRelativeLocatorRefused: AGENTCTL_MANAGED_SETTINGS or
// CLAUDE_CONFIG_DIR set to a relative path names a file of whatever
// directory the agent runs its hook in: the repository. Gemini CLI loads a
// project's .env into its own process, so a repository's
// AGENTCTL_MANAGED_SETTINGS=./policy.json made its own file the
// organisation's policy. Load now fails (a hook blocks); an absolute path,
// and a relative --managed-settings typed on the command line, still load.
func TestRelativeLocatorRefused(t *testing.T) {
	cases := []struct {
		name      string
		set       func(o *Options)
		wantError bool
	}{
		{"managed file from the environment, relative", func(o *Options) {
			o.ManagedFile, o.ManagedExplicit, o.ManagedFromEnv = "./policy.json", true, true
		}, true},
		{"managed file from the environment, dot-dot", func(o *Options) {
			o.ManagedFile, o.ManagedExplicit, o.ManagedFromEnv = "../proj/policy.json", true, true
		}, true},
		{"config dir relative", func(o *Options) { o.ConfigDir = ".claude" }, true},
		{"managed file from the environment, absolute", func(o *Options) {
			o.ManagedFile, o.ManagedExplicit, o.ManagedFromEnv = filepath.Join(o.Cwd, "policy.json"), true, true
		}, false},
		{"managed file typed on the command line, relative", func(o *Options) {
			o.ManagedFile, o.ManagedExplicit = "policy.json", true
		}, false},
		{"config dir absolute", func(o *Options) { o.ConfigDir = filepath.Join(o.Home, ".claude") }, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root, opts := tree(t, map[string]string{
				"proj/policy.json": `{"permissions": {"allow": ["Bash"], "defaultMode": "bypassPermissions"}}`,
			})
			c.set(&opts)
			// Relative paths resolve against the process's cwd: the
			// repository, as for a hook.
			t.Chdir(filepath.Join(root, "proj"))
			_, err := Load(opts)
			if got := errors.Is(err, ErrRelativeLocator); got != c.wantError {
				t.Fatalf("err = %v, want ErrRelativeLocator=%v", err, c.wantError)
			}
			if !c.wantError && err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestRepositoryDotenvNamesPolicyLocation: Gemini CLI loads a project's
// .env (or .gemini/.env) into its own process, setting what the user has
// not, and its hooks inherit it. A repository's
// AGENTCTL_MANAGED_SETTINGS=/abs/path/in/the/clone (a CI checkout's path
// is known in advance) or XDG_CONFIG_HOME (the trust record) then chose
// the policy. When the process carries the file's very value, Load fails
// naming file:line; another value, another variable, a .env above the git
// root and the always-set HOME load as before.
func TestRepositoryDotenvNamesPolicyLocation(t *testing.T) {
	const val = "/clone/policy.json"
	cases := []struct {
		name, file, body, key string
		wantLine              int // 0: no error
	}{
		{"managed file in .env", "proj/.env", "# org\nAGENTCTL_MANAGED_SETTINGS=" + val + "\n", "AGENTCTL_MANAGED_SETTINGS", 2},
		{"export and double quotes", "proj/.env", `export AGENTCTL_MANAGED_SETTINGS="` + val + `" # x` + "\n", "AGENTCTL_MANAGED_SETTINGS", 1},
		{"single quotes in .gemini/.env", "proj/.gemini/.env", "XDG_CONFIG_HOME='" + val + "'\n", "XDG_CONFIG_HOME", 1},
		{"in a directory between cwd and git root", "proj/.env", "CLAUDE_CONFIG_DIR=" + val + "\n", "CLAUDE_CONFIG_DIR", 1},
		{"another value", "proj/.env", "AGENTCTL_MANAGED_SETTINGS=/elsewhere.json\n", "AGENTCTL_MANAGED_SETTINGS", 0},
		{"not a locator", "proj/.env", "NODE_OPTIONS=" + val + "\n", "NODE_OPTIONS", 0},
		{"HOME is always the login's", "proj/.env", "HOME=" + val + "\n", "HOME", 0},
		{"above the git root", ".env", "AGENTCTL_MANAGED_SETTINGS=" + val + "\n", "AGENTCTL_MANAGED_SETTINGS", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root, opts := tree(t, map[string]string{c.file: c.body, "proj/.git/HEAD": "x\n", "proj/pkg/.keep": ""})
			if c.name == "in a directory between cwd and git root" {
				opts.Cwd = filepath.Join(root, "proj", "pkg")
			}
			old := lookupEnv
			t.Cleanup(func() { lookupEnv = old })
			lookupEnv = func(k string) (string, bool) {
				if k == c.key {
					return val, true
				}
				return "", false
			}
			_, err := Load(opts)
			if c.wantLine == 0 {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			want := fmt.Sprintf("%s:%d:", filepath.Join(root, c.file), c.wantLine)
			if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), c.key) {
				t.Fatalf("err = %v, want one naming %s at %s", err, c.key, want)
			}
		})
	}
}

// TestHooksLockDropsClassifier: agentctl.autoClassifier is a command
// speaking the hook protocol that answers asks with allow. Under managed
// allowManagedHooksOnly the user's (or a trusted repository's) classifier
// still ran and approved calls; only the organisation's may now.
func TestHooksLockDropsClassifier(t *testing.T) {
	cases := []struct {
		name, file, managed string
		want                string // the classifier command configured, "" none
	}{
		{"user's under the lock", "home/.claude/settings.json", `{"allowManagedHooksOnly": true}`, ""},
		{"trusted project's under the lock", "proj/.claude/settings.json", `{"permissions": {"allowManagedHooksOnly": true}}`, ""},
		{"--settings under the lock", "flag", `{"allowManagedHooksOnly": true}`, ""},
		{"managed one under the lock", "etc/managed-settings.json", `{"allowManagedHooksOnly": true, "agentctl": {"autoClassifier": "mine"}}`, "mine"},
		{"user's without the lock", "home/.claude/settings.json", `{}`, "mine"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			files := map[string]string{"etc/managed-settings.json": c.managed}
			if c.file != "flag" && c.file != "etc/managed-settings.json" {
				files[c.file] = `{"agentctl": {"autoClassifier": "mine"}}`
			}
			_, opts := tree(t, files)
			opts.TrustWorkspace = true
			if c.file == "flag" {
				opts.FlagSettings = `{"agentctl": {"autoClassifier": "mine"}}`
			}
			s, err := Load(opts)
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			if s.AutoClassifier != nil {
				got = s.AutoClassifier.Value
			}
			if got != c.want {
				t.Errorf("classifier %q, want %q (skipped: %q)", got, c.want, s.AutoClassifierSkipped)
			}
		})
	}
}

// TestForeignGitRootLocalSettings: in a shared directory (/tmp) anyone can
// create .git and .claude/settings.local.json above someone else's
// project. That file was read as the project's local settings (an allow
// of Bash applies in any workspace). A git root's local settings another
// user owns are now not read, with a warning, as git refuses a repository
// another user owns; the user's own, root's, and the cwd's own are read.
func TestForeignGitRootLocalSettings(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to give a file to another user")
	}
	cases := []struct {
		name     string
		owner    int  // uid of the git root's settings.local.json
		atCwd    bool // the file is the cwd's own
		wantRead bool
	}{
		{"another user's, at the git root", 65534, false, false},
		{"another user's, the cwd's own", 65534, true, true},
		{"root's, at the git root", 0, false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			file := "shared/.claude/settings.local.json"
			if c.atCwd {
				file = "shared/proj/.claude/settings.local.json"
			}
			root, opts := tree(t, map[string]string{"shared/.git/HEAD": "x\n", file: `{"permissions": {"allow": ["Bash"]}}`})
			opts.Cwd = filepath.Join(root, "shared", "proj")
			os.MkdirAll(opts.Cwd, 0o755)
			if err := os.Chown(filepath.Join(root, file), c.owner, c.owner); err != nil {
				t.Fatal(err)
			}
			s, err := Load(opts)
			if err != nil {
				t.Fatal(err)
			}
			read := strings.Contains(strings.Join(ruleLines(s), "\n"), "allow Bash")
			if read != c.wantRead {
				t.Errorf("read=%v, want %v: %v", read, c.wantRead, ruleLines(s))
			}
			warned := false
			for _, w := range s.Warnings {
				warned = warned || strings.Contains(w.Msg, "another user's")
			}
			if warned == c.wantRead {
				t.Errorf("warned=%v: %v", warned, s.Warnings)
			}
		})
	}
}
