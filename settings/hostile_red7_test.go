package settings

import (
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestUntrustedModesEveryFile: an untrusted repository's defaultMode
// bypassPermissions or auto is not applied, and an agent reporting that
// mode is decided in the settings' mode instead (agenthook.Mode). Only
// the first file's request was recorded: a YAML sibling or a local file
// at the git root (files only agentctl reads) asking for auto hid the
// bypassPermissions of the .claude/settings.json Claude Code applied, and
// the agent's bypassPermissions was honoured. Every file's request counts.
func TestUntrustedModesEveryFile(t *testing.T) {
	mode := func(m string) string { return `{"permissions": {"defaultMode": "` + m + `"}}` }
	cases := []struct {
		name  string
		files map[string]string
		git   bool // the git root is above the cwd (proj/pkg)
		asked []string
		not   []string
	}{
		{"local YAML sibling first", map[string]string{
			"proj/.claude/settings.local.yaml": "permissions:\n  defaultMode: auto\n",
			"proj/.claude/settings.json":       mode("bypassPermissions")}, false,
			[]string{"auto", "bypassPermissions"}, []string{"default", "acceptEdits"}},
		{"local .yml sibling first", map[string]string{
			"proj/.claude/settings.local.yml": "permissions: {defaultMode: bypassPermissions}\n",
			"proj/.claude/settings.json":      mode("auto")}, false,
			[]string{"auto", "bypassPermissions"}, nil},
		{"project JSON then its YAML sibling", map[string]string{
			"proj/.claude/settings.json": mode("auto"),
			"proj/.claude/settings.yaml": "permissions:\n  defaultMode: bypassPermissions\n"}, false,
			[]string{"auto", "bypassPermissions"}, nil},
		{"local at the git root above the cwd", map[string]string{
			"proj/.claude/settings.local.json":     mode("auto"),
			"proj/pkg/.claude/settings.json":       mode("bypassPermissions"),
			"proj/pkg/.claude/settings.local.json": `{}`}, true,
			[]string{"auto", "bypassPermissions"}, nil},
		{"local JSON and project JSON", map[string]string{
			"proj/.claude/settings.local.json": mode("bypassPermissions"),
			"proj/.claude/settings.json":       mode("auto")}, false,
			[]string{"auto", "bypassPermissions"}, nil},
		{"one file", map[string]string{"proj/.claude/settings.json": mode("bypassPermissions")}, false,
			[]string{"bypassPermissions"}, []string{"auto"}},
		{"acceptEdits widens too", map[string]string{"proj/.claude/settings.json": mode("acceptEdits")}, false,
			[]string{"acceptEdits"}, []string{"bypassPermissions"}},
		{"the user's own", map[string]string{"home/.claude/settings.json": mode("bypassPermissions")}, false,
			nil, []string{"bypassPermissions"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root, opts := tree(t, c.files)
			if c.git {
				if out, err := exec.Command("git", "init", "-q", filepath.Join(root, "proj")).CombinedOutput(); err != nil {
					t.Fatalf("git init: %v\n%s", err, out)
				}
				opts.Cwd = filepath.Join(root, "proj", "pkg")
			}
			s, err := Load(opts)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range c.asked {
				if !s.AskedByRepository(m) {
					t.Errorf("%s asked for by the repository is not recorded (recorded: %+v)", m, s.UntrustedModes)
				}
			}
			for _, m := range c.not {
				if s.AskedByRepository(m) {
					t.Errorf("%s recorded as the repository's request: %+v", m, s.UntrustedModes)
				}
			}
			if fromRepository(s.Mode.Source) && (s.Mode.Value == "bypassPermissions" || s.Mode.Value == "auto") {
				t.Errorf("an untrusted repository's mode %s applied", s.Mode.Value)
			}
		})
	}
}

// TestCarriedEnv: a repository's env block is not applied by agentctl in
// an untrusted workspace or under allowManagedPermissionRulesOnly, but the
// agent applies it to its own process all the same (and Gemini CLI loads
// a repository's .env). The entries this process carries with the
// repository's very value are listed, so that a hook knows its shell
// commands run under them; under the lock a trusted workspace's count too.
func TestCarriedEnv(t *testing.T) {
	cases := []struct {
		name    string
		file    string
		body    string
		process map[string]string
		trusted bool
		locked  bool
		want    string // names, comma separated
	}{
		{"project block", "proj/.claude/settings.json", `{"env": {"BASH_ENV": "./.x.sh", "CI": "1"}}`,
			map[string]string{"BASH_ENV": "./.x.sh", "CI": "1"}, false, false, "BASH_ENV,CI"},
		{"local YAML block", "proj/.claude/settings.local.yaml", "env:\n  LD_PRELOAD: /r/x.so\n",
			map[string]string{"LD_PRELOAD": "/r/x.so"}, false, false, "LD_PRELOAD"},
		{"numbers are their string form", "proj/.claude/settings.json", `{"env": {"GIT_CONFIG_COUNT": 1}}`,
			map[string]string{"GIT_CONFIG_COUNT": "1"}, false, false, "GIT_CONFIG_COUNT"},
		{"trusted, under the lock", "proj/.claude/settings.json", `{"env": {"PATH": "/r/bin:/usr/bin"}}`,
			map[string]string{"PATH": "/r/bin:/usr/bin"}, true, true, "PATH"},
		{".env the agent loaded", "proj/.env", "export BASH_ENV='./.x.sh' # x\n",
			map[string]string{"BASH_ENV": "./.x.sh"}, false, false, "BASH_ENV"},
		{".gemini/.env", "proj/.gemini/.env", "NODE_OPTIONS=--require ./x.js\n",
			map[string]string{"NODE_OPTIONS": "--require ./x.js"}, false, false, "NODE_OPTIONS"},
		{"another value in the process", "proj/.claude/settings.json", `{"env": {"BASH_ENV": "./.x.sh"}}`,
			map[string]string{"BASH_ENV": "/etc/bashrc"}, false, false, ""},
		{"not in the process", "proj/.claude/settings.json", `{"env": {"BASH_ENV": "./.x.sh"}}`,
			nil, false, false, ""},
		{"trusted, no lock", "proj/.claude/settings.json", `{"env": {"BASH_ENV": "./.x.sh"}}`,
			map[string]string{"BASH_ENV": "./.x.sh"}, true, false, ""},
		{"trusted .env", "proj/.env", "BASH_ENV=./.x.sh\n",
			map[string]string{"BASH_ENV": "./.x.sh"}, true, false, ""},
		{".env PATH is never the file's", "proj/.env", "PATH=/usr/bin\n",
			map[string]string{"PATH": "/usr/bin"}, false, false, ""},
		{"the user's own", "home/.claude/settings.json", `{"env": {"BASH_ENV": "./.x.sh"}}`,
			map[string]string{"BASH_ENV": "./.x.sh"}, false, true, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			managed := `{}`
			if c.locked {
				managed = `{"allowManagedPermissionRulesOnly": true}`
			}
			_, opts := tree(t, map[string]string{c.file: c.body, "etc/managed-settings.json": managed})
			opts.TrustWorkspace = c.trusted
			old := lookupEnv
			t.Cleanup(func() { lookupEnv = old })
			lookupEnv = func(k string) (string, bool) { v, ok := c.process[k]; return v, ok }
			s, err := Load(opts)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, v := range s.CarriedEnv {
				names = append(names, v.Name)
				if v.From == "" || v.DotEnv != strings.HasSuffix(c.file, ".env") {
					t.Errorf("entry %+v does not say where the repository set it", v)
				}
			}
			if got := strings.Join(names, ","); got != c.want {
				t.Errorf("carried %q, want %q", got, c.want)
			}
		})
	}
}

// TestYAMLAliasKeys: an alias used as a mapping key ("*a: …") names the
// key its anchor holds; the reader took the alias's own name instead. With
// "x: &allow deny", "*allow: [...]" is the key deny to every YAML reader
// (and to whoever reviews the file) but was read as allow: the rules a
// file visibly denies were allowed, and "*agentctl" naming "permissions"
// lost the deny list to an unknown agentctl key.
func TestYAMLAliasKeys(t *testing.T) {
	cases := []struct {
		name, yaml string
		want       string // the rules read, "" for none; "error" for a load error
	}{
		{"alias named allow, anchor holds deny", "x: &allow deny\npermissions:\n  *allow : [\"Bash(curl *)\"]\n", "deny Bash(curl *)"},
		{"alias named allow, anchor holds ask", "x: &allow ask\npermissions:\n  *allow : [\"Bash(curl *)\"]\n", "ask Bash(curl *)"},
		{"alias named ask, anchor holds deny", "x: &ask deny\npermissions:\n  *ask : [\"Read(.env)\"]\n", "deny Read(.env)"},
		{"top-level alias named agentctl", "x: &agentctl permissions\n*agentctl : {deny: [\"Bash(rm *)\"]}\n", "deny Bash(rm *)"},
		{"alias of a list as a key", "x: &k [a]\npermissions:\n  *k : [\"Bash\"]\n", "error"},
		{"alias as a value still works", "base: &d [\"Bash(rm *)\"]\npermissions:\n  deny: *d\n", "deny Bash(rm *)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, opts := tree(t, map[string]string{"proj/.claude/settings.yaml": c.yaml})
			s, err := Load(opts)
			if c.want == "error" {
				if err == nil {
					t.Fatalf("loaded: %v", ruleLines(s))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, r := range s.Rules {
				got = append(got, string(r.Behavior)+" "+r.Text)
			}
			if strings.Join(got, "; ") != c.want {
				t.Errorf("rules %q, want %q", got, c.want)
			}
		})
	}
}

// TestHugeFlatDocuments: a repository's settings file is read on every
// hook call. A minified (one-line) file counted each value's column from
// the start of the line, and each object key was compared with every key
// before it: a few megabytes of one line, or an object of many keys, kept
// the hook busy for minutes, past the agent's hook timeout, which lets the
// call through. A file nested millions deep overflowed the stack: a crash,
// not an answer. Loading is linear now (the bound below is a hang guard,
// not a benchmark) and nesting is bounded.
func TestHugeFlatDocuments(t *testing.T) {
	oneLine := func(open, item, close string, n int) string {
		var b strings.Builder
		b.WriteString(open)
		for i := 0; i < n; i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strings.ReplaceAll(item, "%d", strconv.Itoa(i)))
		}
		b.WriteString(close)
		return b.String()
	}
	cases := []struct {
		name, file, body string
		wantErr          bool
	}{
		{"one-line array of a million values", "settings.json", oneLine(`{"x":[`, `0`, `]}`, 1_000_000), false},
		{"one-line deny list", "settings.json", oneLine(`{"permissions":{"deny":[`, `"Bash(x%d)"`, `]}}`, 100_000), false},
		{"object of 200,000 keys", "settings.json", oneLine(`{"env":{`, `"K%d":"v"`, `}}`, 200_000), false},
		{"YAML object of 100,000 keys", "settings.yaml", oneLine(`{env: {`, `K%d: v`, `}}`, 100_000), false},
		{"nested a million deep", "settings.json", `{"permissions":` + strings.Repeat("[", 1_000_000) + strings.Repeat("]", 1_000_000) + `}`, true},
		{"YAML nested deep", "settings.yaml", "permissions: " + strings.Repeat("[", 5000) + strings.Repeat("]", 5000) + "\n", true},
		{"duplicate key late in a wide object", "settings.json", oneLine(`{"env":{`, `"K%d":"v"`, `,"K7":"w"}}`, 1000), true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			done := make(chan error, 1)
			go func() {
				_, err := Validate(c.file, []byte(c.body))
				done <- err
			}()
			select {
			case err := <-done:
				if (err != nil) != c.wantErr {
					t.Fatalf("error %v, want error=%v", err, c.wantErr)
				}
			case <-time.After(2 * time.Minute):
				t.Fatal("loading did not end within two minutes")
			}
		})
	}
}
