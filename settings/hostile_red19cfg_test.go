package settings

import (
	"path/filepath"
	"strings"
	"testing"
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
