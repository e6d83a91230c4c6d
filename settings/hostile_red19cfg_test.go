package settings

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestRed19cfgManagedDropInOrder: Claude Code merges the managed file and
// its managed-settings.d drop-ins in name order, a later document's
// scalar replacing an earlier one's, and never reads a drop-in whose name
// starts with a dot. agentctl took the first managed value (the main
// file's acceptEdits over a drop-in's default) and read dot-files (a
// parked .60-old.json's allow rules applied). Files are written under a
// root: "m/" is the managed folder, "proj/" the project, "home/" the home.
func TestRed19cfgManagedDropInOrder(t *testing.T) {
	mode := func(m string) string { return `{"permissions": {"defaultMode": "` + m + `"}}` }
	allowCurl := `{"permissions": {"allow": ["Bash(curl:*)"]}}`
	cases := []struct {
		name     string
		files    map[string]string
		mode     string // the mode that applies
		commands string // the command profile ("" none)
		curl     bool   // a Bash(curl:*) allow rule is in force
		attack   bool
	}{
		{"drop-in default over the main file's acceptEdits", map[string]string{"m/managed-settings.json": mode("acceptEdits"),
			"m/managed-settings.d/50-lock.json": mode("default")}, "default", "", false, true},
		{"drop-in plan over the main file's acceptEdits", map[string]string{"m/managed-settings.json": mode("acceptEdits"),
			"m/managed-settings.d/50-lock.json": mode("plan")}, "plan", "", false, true},
		{"the later of two drop-ins", map[string]string{"m/managed-settings.d/10-base.json": mode("acceptEdits"),
			"m/managed-settings.d/90-lock.json": mode("dontAsk")}, "dontAsk", "", false, true},
		{"a YAML drop-in after a JSON one", map[string]string{"m/managed-settings.d/10-base.json": mode("acceptEdits"),
			"m/managed-settings.d/20-lock.yaml": "permissions:\n  defaultMode: default\n"}, "default", "", false, true},
		{"drop-in command profile over the main file's", map[string]string{"m/managed-settings.json": `{"agentctl": {"commands": "extended"}}`,
			"m/managed-settings.d/50-core.json": `{"agentctl": {"commands": "core"}}`}, "default", "core", false, true},
		{"a parked dot-file drop-in", map[string]string{"m/managed-settings.d/.60-old.json": allowCurl}, "default", "", false, true},
		{"an editor's lock file", map[string]string{"m/managed-settings.d/.#60-old.json": allowCurl}, "default", "", false, true},
		{"a parked YAML drop-in", map[string]string{"m/managed-settings.d/.60-old.yaml": "permissions:\n  allow: [\"Bash(curl:*)\"]\n"}, "default", "", false, true},
		{"a parked drop-in's mode", map[string]string{"m/managed-settings.json": mode("default"),
			"m/managed-settings.d/.99-dev.json": mode("acceptEdits")}, "default", "", false, true},
		// Harmless neighbours: what the reference applies stays applied.
		{"the main file alone", map[string]string{"m/managed-settings.json": mode("acceptEdits")}, "acceptEdits", "", false, false},
		{"a drop-in widening the main file", map[string]string{"m/managed-settings.json": mode("default"),
			"m/managed-settings.d/50-dev.json": mode("acceptEdits")}, "acceptEdits", "", false, false},
		{"a drop-in that sets no mode", map[string]string{"m/managed-settings.json": mode("plan"),
			"m/managed-settings.d/50-rules.json": allowCurl}, "plan", "", true, false},
		{"a drop-in with dots inside its name", map[string]string{"m/managed-settings.d/50.dev.json": allowCurl}, "default", "", true, false},
		{"managed outranks the user's later mode", map[string]string{"m/managed-settings.json": mode("plan"),
			"home/.claude/settings.json": mode("acceptEdits")}, "plan", "", false, false},
		{"the user's mode without managed", map[string]string{"home/.claude/settings.json": mode("acceptEdits")}, "acceptEdits", "", false, false},
		{"managed profile over the project's", map[string]string{"m/managed-settings.d/50-core.json": `{"agentctl": {"commands": "core"}}`,
			"proj/.claude/settings.json": `{"agentctl": {"commands": "extended"}}`}, "default", "core", false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			for name, body := range c.files {
				write(t, filepath.Join(root, name), body)
			}
			s, err := loadWithin(t, Options{Cwd: filepath.Join(root, "proj"), Home: filepath.Join(root, "home"),
				ManagedFile: filepath.Join(root, "m", "managed-settings.json"), TrustWorkspace: true})
			if err != nil {
				t.Fatal(err)
			}
			if !c.attack {
				t.Logf("neighbour: must keep what the reference applies")
			}
			if s.Mode.Value != c.mode {
				t.Errorf("mode = %s (%s), want %s", s.Mode.Value, s.ModeSource(), c.mode)
			}
			got := ""
			if s.Commands != nil {
				got = s.Commands.Value
			}
			if got != c.commands {
				t.Errorf("commands = %q, want %q", got, c.commands)
			}
			curl := false
			for _, r := range s.Rules {
				curl = curl || r.Behavior == Allow && r.Text == "Bash(curl:*)"
			}
			if curl != c.curl {
				t.Errorf("Bash(curl:*) allow in force = %v, want %v", curl, c.curl)
			}
			for _, f := range s.Files {
				if strings.HasPrefix(filepath.Base(f.Path), ".") {
					t.Errorf("read the parked drop-in %s", f.Path)
				}
			}
		})
	}
}

// TestRed19cfgParkedDropInWarns: a dot-file drop-in is not read, visibly.
func TestRed19cfgParkedDropInWarns(t *testing.T) {
	root := t.TempDir()
	write(t, filepath.Join(root, "m", "managed-settings.d", ".60-old.json"), `{"permissions": {"deny": ["Bash(rm:*)"]}}`)
	write(t, filepath.Join(root, "m", "managed-settings.d", ".hidden"), `not a drop-in`)
	s, err := loadWithin(t, Options{Cwd: filepath.Join(root, "proj"), Home: filepath.Join(root, "home"),
		ManagedFile: filepath.Join(root, "m", "managed-settings.json")})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, w := range s.Warnings {
		if strings.Contains(w.Msg, "managed drop-in not read") {
			n++
			if !strings.HasSuffix(w.Pos.File, ".60-old.json") {
				t.Errorf("warning names %s, want the parked drop-in", w.Pos.File)
			}
		}
	}
	if n != 1 {
		t.Errorf("%d parked-drop-in warnings, want 1: %s", n, warningsText(s))
	}
}

// TestRed19cfgProjectAllowUntrustedByTheAgent: Claude Code applies no
// allow rule of .claude/settings.json in a workspace its record does not
// trust; agentctl's hook applied them, answered allow, and the agent ran
// the repository's Bash(curl:*) unasked. Where the trust records are
// consulted and Claude Code's state file is there without trusting the
// workspace (nor agentctl's record), a project allow rule is not applied.
func TestRed19cfgProjectAllowUntrustedByTheAgent(t *testing.T) {
	untrusting := `{"numStartups": 3, "projects": {}}`
	trusting := func(dir string) string {
		return `{"projects": {"` + dir + `": {"hasTrustDialogAccepted": true}}}`
	}
	cases := []struct {
		name     string
		file     string // the settings file under proj/.claude
		rule     string
		state    string // home/.claude.json ("" none; "trusting" trusts proj)
		records  bool   // the records are consulted (hook, run)
		agentctl bool   // agentctl's own record trusts proj
		kept     bool
		attack   bool
	}{
		{"Bash prefix", "settings.json", "Bash(curl:*)", untrusting, true, false, false, true},
		{"Bash exact", "settings.json", "Bash(npm run build)", untrusting, true, false, false, true},
		{"an edit rule inside the repository", "settings.json", "Edit(src/**)", untrusting, true, false, false, true},
		{"a domain rule", "settings.json", "WebFetch(domain:docs.example.com)", untrusting, true, false, false, true},
		{"an MCP tool", "settings.json", "mcp__repo__run", untrusting, true, false, false, true},
		{"a YAML sibling", "settings.yaml", "Bash(curl:*)", untrusting, true, false, false, true},
		{"a state file with other projects", "settings.json", "Bash(curl:*)", `{"projects": {"/elsewhere": {"hasTrustDialogAccepted": true}}}`, true, false, false, true},
		// Harmless neighbours: what the agent applies stays applied.
		{"Claude Code trusts the workspace", "settings.json", "Bash(curl:*)", "trusting", true, false, true, false},
		{"agentctl's record trusts it", "settings.json", "Bash(curl:*)", untrusting, true, true, true, false},
		{"no Claude Code state at all", "settings.json", "Bash(curl:*)", "", true, false, true, false},
		{"check consults no record", "settings.json", "Bash(curl:*)", untrusting, false, false, true, false},
		{"local settings are the user's", "settings.local.json", "Bash(curl:*)", untrusting, true, false, true, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			proj, home := filepath.Join(root, "proj"), filepath.Join(root, "home")
			body := `{"permissions": {"allow": ["` + c.rule + `"], "deny": ["Bash(rm:*)"]}}`
			if strings.HasSuffix(c.file, ".yaml") {
				body = "permissions:\n  allow: [\"" + c.rule + "\"]\n  deny: [\"Bash(rm:*)\"]\n"
			}
			write(t, filepath.Join(proj, ".claude", c.file), body)
			switch c.state {
			case "":
			case "trusting":
				write(t, filepath.Join(home, ".claude.json"), trusting(proj))
			default:
				write(t, filepath.Join(home, ".claude.json"), c.state)
			}
			store := filepath.Join(root, "trusted.json")
			if c.agentctl {
				ts, err := LoadTrustStore(store)
				if err != nil {
					t.Fatal(err)
				}
				ts.Add(proj, time.Now())
				if err := ts.Save(); err != nil {
					t.Fatal(err)
				}
			}
			s, err := loadWithin(t, Options{Cwd: proj, Home: home, ManagedFile: filepath.Join(root, "none.json"),
				TrustRecords: c.records, TrustStore: store})
			if err != nil {
				t.Fatal(err)
			}
			kept, deny := false, false
			for _, r := range s.Rules {
				kept = kept || r.Behavior == Allow && r.Text == c.rule
				deny = deny || r.Behavior == Deny && r.Text == "Bash(rm:*)"
			}
			kind := map[bool]string{true: "attack", false: "neighbour"}[c.attack]
			if kept != c.kept {
				t.Errorf("%s: allow %s kept = %v, want %v (trust: %s; warnings: %s)", kind, c.rule, kept, c.kept, s.Trust.By, warningsText(s))
			}
			if !deny {
				t.Errorf("%s: the repository's deny rule was dropped", kind)
			}
		})
	}
}
