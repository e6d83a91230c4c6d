package settings

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRed14ConfineRepositoryBash: an untrusted repository's Bash allow
// rules are confined — the whole-tool spellings read as Bash(**), every
// pattern kept as written — while its deny and ask rules, other tools'
// rules and a trusted workspace's Bash rules are left as they are.
func TestRed14ConfineRepositoryBash(t *testing.T) {
	cases := []struct {
		allow    string
		trusted  bool
		want     string
		confined bool
	}{
		{"Bash", false, "Bash(**)", true},
		{"Bash(*)", false, "Bash(**)", true},
		{"Bash()", false, "Bash()", false}, // matches nothing, as in Claude Code (allowMatchesNothing): left ignored
		{"Bash(npm test:*)", false, "Bash(npm test:*)", true},
		{"Bash(**)", false, "Bash(**)", true},
		{"Bash(git status)", false, "Bash(git status)", true},
		{"Agent", false, "Agent", false},
		{"WebFetch", true, "WebFetch", false},
		{"mcp__github", false, "mcp__github", false},
		{"Bash", true, "Bash", false},
		{"Bash(npm test:*)", true, "Bash(npm test:*)", false},
	}
	for _, c := range cases {
		s := red14loadRepo(t, `{"permissions": {"allow": ["`+c.allow+`"], "deny": ["Bash(rm:*)"], "ask": ["Bash"]}}`, c.trusted)
		n := 0
		for _, r := range s.Rules {
			if r.Behavior != Allow {
				if r.Confined || (r.Text != "Bash(rm:*)" && r.Text != "Bash") {
					t.Errorf("%s: a %s rule changed: %+v", c.allow, r.Behavior, r)
				}
				continue
			}
			n++
			if r.Text != c.want || r.Confined != c.confined {
				t.Errorf("allow %s (trusted %v): rule %s confined %v, want %s confined %v",
					c.allow, c.trusted, r.Text, r.Confined, c.want, c.confined)
			}
			if c.confined && r.Kind != KindBash {
				t.Errorf("allow %s: confined rule is of kind %q", c.allow, r.Kind)
			}
		}
		if n != 1 {
			t.Errorf("allow %s: %d allow rules", c.allow, n)
		}
	}
}

// TestRed14ConfinedBashUserRule: the user's own Bash rules are never
// confined, whether or not the workspace is trusted.
func TestRed14ConfinedBashUserRule(t *testing.T) {
	dir, _ := filepath.EvalSymlinks(t.TempDir())
	home := t.TempDir()
	if err := os.MkdirAll(filepath.Join(home, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	body := `{"permissions": {"allow": ["Bash", "Bash(gzip:*)"]}}`
	if err := os.WriteFile(filepath.Join(home, ".claude", "settings.json"), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := loadWithin(t, Options{Cwd: dir, Home: home, ManagedFile: filepath.Join(t.TempDir(), "none.json")})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range s.Rules {
		if r.Confined || (r.Text != "Bash" && r.Text != "Bash(gzip:*)") {
			t.Errorf("user rule %+v", r)
		}
	}
}

// TestRed14MCPNamesOverlap: which user servers an allow rule's tool name
// can reach.
func TestRed14MCPNamesOverlap(t *testing.T) {
	cases := []struct {
		rule, server string
		want         bool
	}{
		{"mcp__github", "github", true},
		{"mcp__github__get_*", "github", true},
		{"mcp__github__delete_repo", "github", true},
		{"mcp__git", "git__hub", true},
		{"mcp__git__hub", "git", true},
		{"mcp__github", "git", false},
		{"mcp__git", "github", false},
		{"mcp__github2", "github", false},
	}
	for _, c := range cases {
		if got := mcpNamesOverlap(c.rule, c.server); got != c.want {
			t.Errorf("mcpNamesOverlap(%s, %s) = %v, want %v", c.rule, c.server, got, c.want)
		}
	}
}

// red14loadRepo loads a fresh project whose .claude/settings.json is body,
// under an empty home and no managed file, trusted or not.
func red14loadRepo(t *testing.T, body string, trusted bool) *Settings {
	t.Helper()
	dir, _ := filepath.EvalSymlinks(t.TempDir())
	if err := os.MkdirAll(filepath.Join(dir, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".claude", "settings.json"), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := loadWithin(t, Options{Cwd: dir, Home: t.TempDir(), ManagedFile: filepath.Join(t.TempDir(), "none.json"),
		TrustWorkspace: trusted})
	if err != nil {
		t.Fatal(err)
	}
	return s
}
