package agenthook

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/agentctl/agentctl/settings"
)

func readJSON(t *testing.T, path string) map[string]any {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return m
}

// TestInstallKeepsEverythingAndUninstallRestores: for every agent, install
// keeps every other key (and other hooks), a second install changes
// nothing, list finds it, uninstall gives back the original document.
func TestInstallKeepsEverythingAndUninstallRestores(t *testing.T) {
	originals := map[Agent]string{
		Claude: `{"model": "x", "permissions": {"deny": ["Bash(rm *)"]}, "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "other-guard"}]}], "Stop": [{"hooks": [{"type": "command", "command": "notify"}]}]}}`,
		Gemini: `{"theme": "dark", "hooks": {"AfterTool": [{"matcher": ".*", "hooks": [{"type": "command", "command": "log"}]}]}}`,
		Cursor: `{"version": 1, "hooks": {"afterFileEdit": [{"command": "fmt"}]}}`,
	}
	for _, agent := range Agents {
		t.Run(string(agent), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "dir", "settings.json")
			os.MkdirAll(filepath.Dir(path), 0o755)
			os.WriteFile(path, []byte(originals[agent]), 0o640)
			spec := Spec{Agent: agent, Command: "/opt/bin/agentctl hook --agent " + string(agent), Timeout: 30 * time.Second}
			res, err := Install(path, spec)
			if err != nil || !res.Changed || res.Backup != path+".agentctl-backup" {
				t.Fatalf("install: %+v %v", res, err)
			}
			if b, _ := os.ReadFile(res.Backup); string(b) != originals[agent] {
				t.Errorf("backup holds %q", b)
			}
			if st, _ := os.Stat(path); st.Mode().Perm() != 0o640 {
				t.Errorf("mode %v, want 0640 kept", st.Mode().Perm())
			}
			installed, _ := os.ReadFile(path)
			res, err = Install(path, spec)
			if err != nil || res.Changed {
				t.Fatalf("second install changed the file: %+v %v", res, err)
			}
			if again, _ := os.ReadFile(path); string(again) != string(installed) {
				t.Error("second install rewrote the file")
			}
			if _, err := os.Stat(path + ".agentctl-backup.1"); err == nil {
				t.Error("second install made a backup")
			}
			hooks, err := List(agent, Project, path)
			if err != nil {
				t.Fatal(err)
			}
			var ours, others int
			for _, h := range hooks {
				if h.Agentctl {
					ours++
					if h.Command != spec.Command || len(h.Risks(0.05)) != 0 {
						t.Errorf("listed %+v risks %v", h, h.Risks(0.05))
					}
				} else {
					others++
				}
			}
			if ours != len(Events(agent)) || others != strings.Count(originals[agent], `"command":`) {
				t.Errorf("listed %d agentctl and %d other hooks: %+v", ours, others, hooks)
			}
			// A newer binary path replaces the entry instead of adding one.
			spec.Command = "/usr/bin/agentctl hook --agent " + string(agent)
			if res, err := Install(path, spec); err != nil || !res.Changed {
				t.Fatalf("reinstall: %+v %v", res, err)
			}
			if hooks, _ := List(agent, Project, path); len(hooks) != ours+others {
				t.Errorf("reinstall left %d hooks, want %d", len(hooks), ours+others)
			}
			res, err = Uninstall(path, agent)
			if err != nil || !res.Changed {
				t.Fatalf("uninstall: %+v %v", res, err)
			}
			var want map[string]any
			json.Unmarshal([]byte(originals[agent]), &want)
			if got := readJSON(t, path); !reflect.DeepEqual(got, want) {
				t.Errorf("after uninstall:\n got %v\nwant %v", got, want)
			}
			if res, _ := Uninstall(path, agent); res.Changed {
				t.Error("a second uninstall changed the file")
			}
		})
	}
}

// TestInstallIntoNothing: a missing file is created with only the entry;
// uninstall leaves an empty document.
func TestInstallIntoNothing(t *testing.T) {
	for _, agent := range Agents {
		path := filepath.Join(t.TempDir(), "new", "hooks.json")
		if _, err := Install(path, Spec{Agent: agent, Command: "agentctl hook", Timeout: DefaultTimeout}); err != nil {
			t.Fatal(err)
		}
		m := readJSON(t, path)
		if agent == Cursor && m["version"] != float64(1) {
			t.Errorf("cursor file without version 1: %v", m)
		}
		if _, err := Uninstall(path, agent); err != nil {
			t.Fatal(err)
		}
		if m := readJSON(t, path); len(m) != 0 {
			t.Errorf("%s: after uninstall %v", agent, m)
		}
	}
}

// TestInstallRefusesBrokenFiles: a file that is not a JSON object, or whose
// hooks are not an object, is left as it is.
func TestInstallRefusesBrokenFiles(t *testing.T) {
	for _, content := range []string{`{"a": 1,}`, `[1]`, `{"hooks": []}`, `{"a":1,"a":2}`, `{"hooks": {"PreToolUse": {}}}`} {
		path := filepath.Join(t.TempDir(), "settings.json")
		os.WriteFile(path, []byte(content), 0o644)
		if _, err := Install(path, Spec{Agent: Claude, Command: "agentctl hook", Timeout: DefaultTimeout}); err == nil {
			t.Errorf("%s: no error", content)
		}
		if b, _ := os.ReadFile(path); string(b) != content {
			t.Errorf("%s: file changed to %s", content, b)
		}
	}
}

// TestLocations: every agent's files at every scope it has.
func TestLocations(t *testing.T) {
	env := Env{Cwd: "/p", Home: "/h", ManagedFile: ""}
	t.Setenv("GEMINI_CLI_SYSTEM_SETTINGS_PATH", "")
	want := map[string]string{
		"claude/user": "/h/.claude/settings.json", "claude/project": "/p/.claude/settings.json",
		"claude/local": "/p/.claude/settings.local.json", "claude/managed": settings.DefaultManagedFile,
		"gemini/user": "/h/.gemini/settings.json", "gemini/project": "/p/.gemini/settings.json", "gemini/managed": "/etc/gemini-cli/settings.json",
		"cursor/user": "/h/.cursor/hooks.json", "cursor/project": "/p/.cursor/hooks.json", "cursor/managed": "/etc/cursor/hooks.json",
	}
	for _, a := range Agents {
		for _, s := range Scopes {
			got, err := Location(a, s, env)
			if w, ok := want[string(a)+"/"+string(s)]; ok != (err == nil) || got != w {
				t.Errorf("%s %s: %q %v, want %q", a, s, got, err, w)
			}
		}
	}
	if got, _ := Location(Claude, User, Env{Home: "/h", ClaudeConfigDir: "/c"}); got != "/c/settings.json" {
		t.Errorf("CLAUDE_CONFIG_DIR: %s", got)
	}
}

// TestRisks: what doctor reports as fail-open risks.
func TestRisks(t *testing.T) {
	for _, tt := range []struct {
		h    Hook
		want string
	}{
		{Hook{Agent: Claude, Event: "PostToolUse", Matcher: "*"}, "cannot block"},
		{Hook{Agent: Claude, Event: "PreToolUse", Matcher: "Bash"}, "leaves other tools unchecked"},
		{Hook{Agent: Claude, Event: "PreToolUse", Timeout: 0.1}, "timeout"},
		{Hook{Agent: Gemini, Event: "BeforeTool", Timeout: 100}, "timeout 0.1s"},
		{Hook{Agent: Cursor, Event: "beforeShellExecution"}, "failClosed"},
	} {
		if r := strings.Join(tt.h.Risks(0.2), "; "); !strings.Contains(r, tt.want) {
			t.Errorf("%+v: %q, want %q", tt.h, r, tt.want)
		}
	}
	if r := (Hook{Agent: Claude, Event: "PreToolUse", Matcher: "*"}).Risks(0.2); len(r) != 0 {
		t.Errorf("default timeout flagged: %v", r)
	}
}

// TestModeLocks: the agent's mode applies unless a managed lock forbids it.
func TestModeLocks(t *testing.T) {
	s := &settings.Settings{Mode: settings.Scalar{Value: "default"}}
	if Mode(s, "bypassPermissions") != "bypassPermissions" || Mode(s, "") != "" || Mode(s, "weird") != "default" {
		t.Error("unlocked modes")
	}
	s.DisableBypassPermissionsMode, s.DisableAutoMode = true, true
	if Mode(s, "bypassPermissions") != "default" || Mode(s, "auto") != "default" || Mode(s, "plan") != "plan" {
		t.Error("locked bypass/auto")
	}
	s = &settings.Settings{Mode: settings.Scalar{Value: "default"}, AllowManagedPermissionRulesOnly: true}
	if Mode(s, "acceptEdits") != "default" || Mode(s, "dontAsk") != "dontAsk" {
		t.Error("allowManagedPermissionRulesOnly")
	}
}

// TestIsAgentctl: which hook commands are agentctl's.
func TestIsAgentctl(t *testing.T) {
	for cmd, want := range map[string]bool{
		"/usr/local/bin/agentctl hook --agent claude": true, "'/opt/my tools/agentctl' hook": true,
		"agentctl check Bash": false, "/bin/other hook": false, "": false,
	} {
		if IsAgentctl(cmd) != want {
			t.Errorf("IsAgentctl(%q) != %v", cmd, want)
		}
	}
}
