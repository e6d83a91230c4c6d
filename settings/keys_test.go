package settings

import (
	"strings"
	"testing"
)

func TestUnknownKeysWarnNeverReject(t *testing.T) {
	tests := []struct {
		name, content string
		want          []string // substrings of the warnings; nil: no warning at all
	}{
		{"Claude Code's own keys", `{"$schema": "https://json.schemastore.org/claude-code-settings.json", "model": "opus",
			"sandbox": {"enabled": true}, "disableAutoMode": "disable", "permissions": {"disableAutoMode": "disable"}}`, nil},
		{"top-level near miss", "{\n  \"permisions\": {\"deny\": [\"Bash\"]}\n}",
			[]string{`.claude/settings.json:2:3: warning: unknown key "permisions" is ignored: did you mean "permissions"? its rules are NOT applied`}},
		{"case near miss", `{"Hooks": {}}`, []string{`did you mean "hooks"? its hooks do NOT run`}},
		{"made-up key", `{"frobnicate": 1}`, []string{`unknown key "frobnicate" is ignored`}},
		{"under permissions", "{\"permissions\": {\n  \"alow\": [\"Bash\"], \"denny\": []}}",
			[]string{`:2:3: warning: unknown key "permissions.alow" is ignored: did you mean "permissions.allow"? these rules are NOT applied`,
				`"permissions.denny" is ignored: did you mean "permissions.deny"?`}},
		{"permissions made-up key", `{"permissions": {"xyzzy": true}}`, []string{`unknown key "permissions.xyzzy" is ignored (expected one of additionalDirectories, allow,`}},
		{"agentctl key", `{"agentctl": {"autoClasifier": "x"}}`, []string{`did you mean "agentctl.autoClassifier"?`}},
		{"effortLevel of another type", `{"effortLevel": 3}`, []string{`effortLevel: expected a string, got number; ignored`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, opts := tree(t, map[string]string{"proj/.claude/settings.json": tt.content})
			s, err := Load(opts)
			if err != nil {
				t.Fatalf("an unknown key rejected the file: %v", err)
			}
			w := warningsText(s)
			if tt.want == nil && w != "" {
				t.Errorf("unexpected warnings:\n%s", w)
			}
			for _, want := range tt.want {
				if !strings.Contains(w, want) {
					t.Errorf("warnings lack %q:\n%s", want, w)
				}
			}
			if strings.Contains(tt.content, "permisions") || strings.Contains(tt.content, "alow") {
				if len(s.Rules) != 0 {
					t.Errorf("rules of a misspelled key were applied: %v", s.Rules)
				}
			}
		})
	}
}

func TestEnvScalars(t *testing.T) {
	_, opts := tree(t, map[string]string{"home/.claude/settings.json": `{"env": {"N": 3, "F": 1.5, "B": false, "S": "x"}}`})
	s, err := Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	if s.Env["N"] != "3" || s.Env["F"] != "1.5" || s.Env["B"] != "false" || s.Env["S"] != "x" {
		t.Errorf("env = %v", s.Env)
	}
	_, opts = tree(t, map[string]string{"home/.claude/settings.json": `{"env": {"O": {"a": 1}}}`})
	if _, err := Load(opts); err == nil || !strings.Contains(err.Error(), "env.O: expected string, got object") {
		t.Errorf("object env value: err = %v", err)
	}
}

func TestNearest(t *testing.T) {
	for key, want := range map[string]string{"permisions": "permissions", "PERMISSIONS": "permissions", "hook": "hooks",
		"evn": "", "allowManagedPermissionRuleOnly": "allowManagedPermissionRulesOnly", "model": ""} {
		got, ok := nearest(key, appliedKeys)
		if !ok {
			got = ""
		}
		if got != want {
			t.Errorf("nearest(%q) = %q, want %q", key, got, want)
		}
	}
}

// TestEffortLevel: the effortLevel setting is passed on (hooks get it as
// effort.level), the most specific source winning.
func TestEffortLevel(t *testing.T) {
	_, opts := tree(t, map[string]string{"home/.claude/settings.json": `{"effortLevel": "low"}`,
		"proj/.claude/settings.json": `{"effortLevel": "high"}`})
	s, err := Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	if s.EffortLevel != "high" {
		t.Errorf("EffortLevel = %q, want the project's high", s.EffortLevel)
	}
}
