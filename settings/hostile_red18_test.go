package settings

import (
	"slices"
	"testing"
)

// TestRed18LayersFrontmatterModes: with acceptEdits among the modes an
// untrusted repository may not start, a definition read as acceptEdits by
// one reading and bypassPermissions by another (two permissionMode lines,
// a "---" inside a line) kept only the first found, and an agent in the
// other mode was decided in it. Every mode any reading finds is listed.
func TestRed18LayersFrontmatterModes(t *testing.T) {
	cases := []struct {
		name, doc string
		want      []string
	}{
		{"acceptEdits", "---\nname: fix\npermissionMode: acceptEdits\n---\n", []string{"acceptEdits"}},
		{"two lines", "---\npermissionMode: acceptEdits\npermissionMode: bypassPermissions\n---\n", []string{"acceptEdits", "bypassPermissions"}},
		{"two lines the other way", "---\npermissionMode: bypassPermissions\npermissionMode: acceptEdits\n---\n", []string{"acceptEdits", "bypassPermissions"}},
		{"closed inside a line", "---\npermissionMode: acceptEdits\nx: y---\npermissionMode: auto\n---\n", []string{"acceptEdits", "auto"}},
		{"value on the next line", "---\npermissionMode:\n  acceptEdits\n---\n", []string{"acceptEdits"}},
		{"plan", "---\npermissionMode: plan\n---\n", []string{"plan"}},
		{"default and plan", "---\npermissionMode: default\npermissionMode: plan\n---\n", []string{"default", "plan"}},
		// Harmless neighbours: no mode, no frontmatter.
		{"not a mode", "---\npermissionMode: yolo\n---\n", nil},
		{"in the body", "---\nname: x\n---\npermissionMode: acceptEdits\n", nil},
		{"no frontmatter", "permissionMode: bypassPermissions\n", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := frontmatterModes([]byte(c.doc))
			slices.Sort(got)
			if !slices.Equal(got, c.want) {
				t.Errorf("frontmatterModes = %q, want %q", got, c.want)
			}
		})
	}
}

// TestRed18LayersRepositoryAcceptEdits: an untrusted repository's
// defaultMode acceptEdits is not applied (the next source's mode, or
// default, is) and is recorded as its request; a trusted workspace, the
// user and managed settings keep it, and a repository may still narrow
// to plan or dontAsk.
func TestRed18LayersRepositoryAcceptEdits(t *testing.T) {
	mode := func(m string) string { return `{"permissions": {"defaultMode": "` + m + `"}}` }
	cases := []struct {
		name    string
		files   map[string]string
		trusted bool
		want    string // the mode that applies
		asked   bool   // acceptEdits recorded as the repository's request
	}{
		{"project", map[string]string{"proj/.claude/settings.json": mode("acceptEdits")}, false, "default", true},
		{"local", map[string]string{"proj/.claude/settings.local.json": mode("acceptEdits")}, false, "default", true},
		{"local over the user's plan", map[string]string{"proj/.claude/settings.local.json": mode("acceptEdits"),
			"home/.claude/settings.json": mode("plan")}, false, "plan", true},
		{"a subagent definition", map[string]string{"proj/.claude/agents/a.md": "---\npermissionMode: acceptEdits\n---\n"}, false, "default", true},
		{"a subagent definition under the user's plan", map[string]string{"proj/.claude/agents/a.md": "---\npermissionMode: acceptEdits\n---\n",
			"home/.claude/settings.json": mode("plan")}, false, "plan", true},
		// Harmless neighbours.
		{"trusted", map[string]string{"proj/.claude/settings.json": mode("acceptEdits")}, true, "acceptEdits", false},
		{"user", map[string]string{"home/.claude/settings.json": mode("acceptEdits")}, false, "acceptEdits", false},
		{"managed", map[string]string{"etc/managed-settings.json": mode("acceptEdits")}, false, "acceptEdits", false},
		{"repository plan", map[string]string{"proj/.claude/settings.json": mode("plan")}, false, "plan", false},
		{"repository dontAsk", map[string]string{"proj/.claude/settings.json": mode("dontAsk")}, false, "dontAsk", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, opts := tree(t, c.files)
			opts.TrustWorkspace = c.trusted
			s, err := Load(opts)
			if err != nil {
				t.Fatal(err)
			}
			if got := s.Mode.Value; got != c.want && !(got == "" && c.want == "default") {
				t.Errorf("mode = %+v, want %s", s.Mode, c.want)
			}
			if got := s.AskedByRepository("acceptEdits"); got != c.asked {
				t.Errorf("acceptEdits asked by the repository = %v, want %v (%+v)", got, c.asked, s.UntrustedModes)
			}
		})
	}
}

// TestRed18LayersRepositoryModeBelowUser: project and local settings
// outrank the user's, so an untrusted repository's defaultMode default or
// dontAsk undid the user's plan (their allow rules then ran what plan
// denies), and default undid the user's dontAsk. A repository's mode
// applies only where it runs no more unasked than the user's.
func TestRed18LayersRepositoryModeBelowUser(t *testing.T) {
	mode := func(m string) string { return `{"permissions": {"defaultMode": "` + m + `"}}` }
	cases := []struct {
		user, repo string
		trusted    bool
		want       string
	}{
		{"plan", "default", false, "plan"},
		{"plan", "dontAsk", false, "plan"},
		{"dontAsk", "default", false, "dontAsk"},
		{"dontAsk", "plan", false, "dontAsk"},
		{"plan", "acceptEdits", false, "plan"},
		// Harmless neighbours: a repository narrows, or is trusted.
		{"default", "plan", false, "plan"},
		{"default", "dontAsk", false, "dontAsk"},
		{"acceptEdits", "default", false, "default"},
		{"bypassPermissions", "plan", false, "plan"},
		{"plan", "plan", false, "plan"},
		{"plan", "default", true, "default"},
		{"dontAsk", "acceptEdits", true, "acceptEdits"},
	}
	for _, c := range cases {
		t.Run(c.user+" "+c.repo, func(t *testing.T) {
			_, opts := tree(t, map[string]string{"home/.claude/settings.json": mode(c.user), "proj/.claude/settings.json": mode(c.repo)})
			opts.TrustWorkspace = c.trusted
			s, err := Load(opts)
			if err != nil {
				t.Fatal(err)
			}
			if s.Mode.Value != c.want {
				t.Errorf("user %s, repository %s: mode = %+v, want %s", c.user, c.repo, s.Mode, c.want)
			}
			if asked := s.AskedByRepository(c.repo); asked != (c.want != c.repo) {
				t.Errorf("repository's %s recorded as asked = %v", c.repo, asked)
			}
		})
	}
}

// TestRed18LayersSubagentModeBelowUser: an untrusted repository's
// subagent definition asking for default (or dontAsk) under the user's
// plan ran the subagent's calls in that mode (the hook decided in the
// mode the agent reported). It is recorded as the repository's request
// now; a definition that narrows the settings' mode is not.
func TestRed18LayersSubagentModeBelowUser(t *testing.T) {
	cases := []struct {
		user, agent string
		asked       bool
	}{
		{"plan", "default", true},
		{"plan", "dontAsk", true},
		{"dontAsk", "default", true},
		{"default", "bypassPermissions", true},
		// Harmless neighbours.
		{"default", "plan", false},
		{"default", "default", false},
		{"acceptEdits", "default", false},
		{"plan", "plan", false},
	}
	for _, c := range cases {
		t.Run(c.user+" "+c.agent, func(t *testing.T) {
			_, opts := tree(t, map[string]string{
				"home/.claude/settings.json": `{"permissions": {"defaultMode": "` + c.user + `"}}`,
				"proj/.claude/agents/x.md":   "---\nname: x\npermissionMode: " + c.agent + "\n---\nDo it.\n",
			})
			s, err := Load(opts)
			if err != nil {
				t.Fatal(err)
			}
			if got := s.AskedByRepository(c.agent); got != c.asked {
				t.Errorf("user %s, subagent %s: asked by the repository = %v, want %v", c.user, c.agent, got, c.asked)
			}
		})
	}
}
