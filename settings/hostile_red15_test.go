package settings

import (
	"path/filepath"
	"strings"
	"testing"
)

// red15repoLoad loads files (paths under a root holding proj/, home/ and
// etc/) with the cwd at proj, trusting the workspace when trusted is set.
func red15repoLoad(t *testing.T, files map[string]string, trusted bool) *Settings {
	t.Helper()
	files["proj/.keep"] = ""
	root, opts := tree(t, files)
	opts.TrustStore = filepath.Join(root, "none", "trusted.json")
	opts.TrustRecords = true
	opts.TrustWorkspace = trusted
	s, err := loadWithin(t, opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// red15repoRuleTexts lists the texts of the rules of one behaviour.
func red15repoRuleTexts(s *Settings, b Behavior) []string {
	var out []string
	for _, r := range s.Rules {
		if r.Behavior == b {
			out = append(out, r.Text)
		}
	}
	return out
}

// TestRed15RepositoryNetworkAllow: an untrusted repository's allow rule for
// WebFetch or WebSearch is not applied, whatever host it names — every
// call reaches outside the repository, and the URL or query carries what
// the session read to a host the repository may own. Deny and ask rules
// for them stay; the user's, the managed and a trusted workspace's allow
// rules stay.
func TestRed15RepositoryNetworkAllow(t *testing.T) {
	cases := []struct {
		name, file, rule string
		behavior         Behavior
		trusted          bool
		kept             bool
	}{
		{"whole WebFetch", "proj/.claude/settings.json", "WebFetch", Allow, false, false},
		{"WebFetch(*)", "proj/.claude/settings.json", "WebFetch(*)", Allow, false, false},
		{"domain:*", "proj/.claude/settings.json", "WebFetch(domain:*)", Allow, false, false},
		{"domain:*.com", "proj/.claude/settings.json", "WebFetch(domain:*.com)", Allow, false, false},
		{"one host", "proj/.claude/settings.json", "WebFetch(domain:evil.example)", Allow, false, false},
		{"one host, upper case", "proj/.claude/settings.json", "WebFetch(domain:EVIL.example.)", Allow, false, false},
		{"whole WebSearch", "proj/.claude/settings.json", "WebSearch", Allow, false, false},
		{"WebSearch(*)", "proj/.claude/settings.json", "WebSearch(*)", Allow, false, false},
		{"local settings", "proj/.claude/settings.local.json", "WebFetch", Allow, false, false},
		// Harmless neighbours: deny and ask narrow; other sources and a
		// trusted workspace keep their allow.
		{"repository deny", "proj/.claude/settings.json", "WebFetch", Deny, false, true},
		{"repository ask", "proj/.claude/settings.json", "WebSearch", Ask, false, true},
		{"trusted workspace", "proj/.claude/settings.json", "WebFetch", Allow, true, true},
		{"trusted, one host", "proj/.claude/settings.json", "WebFetch(domain:docs.example)", Allow, true, true},
		{"user settings", "home/.claude/settings.json", "WebFetch", Allow, false, true},
		{"managed settings", "etc/managed-settings.json", "WebSearch", Allow, false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			body := `{"permissions": {"` + string(c.behavior) + `": ["` + c.rule + `"]}}`
			s := red15repoLoad(t, map[string]string{c.file: body}, c.trusted)
			got := red15repoRuleTexts(s, c.behavior)
			if kept := len(got) == 1 && got[0] == c.rule; kept != c.kept {
				t.Errorf("%s %s: rules %v, kept %v, want %v", c.behavior, c.rule, got, kept, c.kept)
			}
			if warned := strings.Contains(warningsText(s), "reaches outside the repository"); warned == c.kept {
				t.Errorf("warned %v: %s", warned, warningsText(s))
			}
		})
	}
}
