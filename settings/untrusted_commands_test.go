package settings

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestUntrustedRepositoryCommandsProfile: a repository's own
// agentctl.commands (project or local, JSON or YAML) chooses extended only
// in a trusted workspace; otherwise it is dropped with a warning and core
// applies. Core from the repository, --commands, user and managed settings
// are untouched.
func TestUntrustedRepositoryCommandsProfile(t *testing.T) {
	cases := []struct {
		name, file, body, flag string
		trusted                bool
		want                   string // profile; "" when none is named
		warn                   bool
	}{
		{"project json", "proj/.claude/settings.json", `{"agentctl":{"commands":"extended"}}`, "", false, "", true},
		{"local json", "proj/.claude/settings.local.json", `{"agentctl":{"commands":"extended"}}`, "", false, "", true},
		{"project yaml", "proj/.claude/settings.yaml", "agentctl:\n  commands: extended\n", "", false, "", true},
		{"local yml", "proj/.claude/settings.local.yml", "agentctl: {commands: extended}\n", "", false, "", true},
		{"project core", "proj/.claude/settings.json", `{"agentctl":{"commands":"core"}}`, "", false, "core", false},
		{"project, trusted", "proj/.claude/settings.json", `{"agentctl":{"commands":"extended"}}`, "", true, "extended", false},
		{"project, flag", "proj/.claude/settings.json", `{"agentctl":{"commands":"extended"}}`, "extended", false, "extended", true},
		{"user", "home/.claude/settings.json", `{"agentctl":{"commands":"extended"}}`, "", false, "extended", false},
		{"managed", "etc/managed-settings.json", `{"agentctl":{"commands":"extended"}}`, "", false, "extended", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root, opts := tree(t, map[string]string{c.file: c.body, "proj/.keep": ""})
			opts.TrustStore = filepath.Join(root, "none", "trusted.json")
			opts.TrustRecords = true
			opts.TrustWorkspace = c.trusted
			opts.Commands = c.flag
			s, err := loadWithin(t, opts)
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			if s.Commands != nil {
				got = s.Commands.Value
			}
			if got != c.want {
				t.Errorf("commands %q, want %q", got, c.want)
			}
			if w := strings.Contains(warningsText(s), "agentctl.commands extended ignored"); w != c.warn {
				t.Errorf("warned=%v, want %v: %s", w, c.warn, warningsText(s))
			}
		})
	}
}
