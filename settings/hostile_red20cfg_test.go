package settings

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRed20cfgAllowMatchesNothing: an allow rule Claude Code reads as
// matching no call — empty parentheses, or a Bash prefix rule whose prefix
// holds a '*' — is ignored, wherever it comes from (a trusted repository's
// settings, the user's, --allowed-tools). agentctl read Bash() as the
// whole tool and Bash(cu*:*) as a wildcard, and its hook approved curl
// (and, for Edit(), a file write) that Claude Code itself asks about.
// Deny and ask rules keep the wider reading; neighbours stay live.
func TestRed20cfgAllowMatchesNothing(t *testing.T) {
	cases := []struct {
		rule    string
		b       Behavior
		ignored bool
	}{
		// Attack rows: each was a live allow rule on the starting code.
		{"Bash()", Allow, true},
		{"WebFetch()", Allow, true},
		{"Edit()", Allow, true},
		{"Read()", Allow, true},
		{"Write()", Allow, true},
		{"Agent()", Allow, true},
		{"mcp__github__create_issue()", Allow, true},
		{"Bash(*:*)", Allow, true},
		{"Bash(cu*:*)", Allow, true},
		{"Bash(c*l:*)", Allow, true},
		{"Bash(curl *:*)", Allow, true},
		{"Bash(**:*)", Allow, true},
		{"Bash(git * main:*)", Allow, true},
		{"Bash(npm run *:*)", Allow, true},
		{"WebFetch(Domain:example.com)", Allow, true},
		{"WebFetch(DOMAIN:example.com)", Allow, true},
		{"WebFetch(domain: example.com)", Allow, true},
		{"WebFetch(domain:example.com )", Allow, true},
		{"WebFetch( domain:example.com)", Allow, true},
		{"WebFetch(Domain:*)", Allow, true},
		{" Bash", Allow, true},
		{"Bash ", Allow, true},
		{"Bash(curl:*) ", Allow, true},
		{"\tBash(curl:*)", Allow, true},
		{" Bash(*) ", Allow, true},
		{"Edit(src/**)\n", Allow, true},
		{" mcp__github__*", Allow, true},
		// Neighbours: still live.
		{"Bash", Allow, false},
		{"Bash(*)", Allow, false},
		{"Bash(**)", Allow, false},
		{"Bash(curl:*)", Allow, false},
		{"Bash(curl *)", Allow, false},
		{"Bash(git * main)", Allow, false},
		{"Bash(npm run test:*)", Allow, false},
		{"Bash(git status)", Allow, false},
		{"Edit(/**)", Allow, false},
		{"WebFetch(domain:*)", Allow, false},
		{"WebFetch(domain:docs.example.com)", Allow, false},
		{"WebFetch(domain:*.example.com)", Allow, false},
		{"WebFetch(domain:*.*)", Allow, false},
		{"mcp__github__*", Allow, false},
		// Deny and ask read Tool() as the whole tool and a starred prefix
		// as a wildcard: stricter than Claude Code, never looser.
		{"Bash()", Deny, false},
		{"Bash()", Ask, false},
		{"Edit()", Ask, false},
		{"Bash(cu*:*)", Deny, false},
		{"Bash(*:*)", Ask, false},
		{"WebFetch(Domain: evil.example )", Deny, false},
		{"WebFetch(DOMAIN:evil.example)", Ask, false},
		{" Bash(rm:*) ", Deny, false},
		{"Bash(curl:*) ", Ask, false},
	}
	for _, c := range cases {
		r, err := ParseRule(c.rule, c.b)
		if err != nil {
			t.Errorf("%s %s: %v", c.b, c.rule, err)
			continue
		}
		if got := r.Ignored != ""; got != c.ignored {
			t.Errorf("%s %s: ignored %v (%q), want %v", c.b, c.rule, got, r.Ignored, c.ignored)
		}
		if c.ignored && !red20cfgWarned(r.Warnings, "is ignored") {
			t.Errorf("%s %s: no warning says it is ignored: %q", c.b, c.rule, r.Warnings)
		}
	}
}

// TestRed20cfgAllowMatchesNothingSources: the rule is ignored whichever
// source brings it — a trusted repository (where its allow rules would
// otherwise apply), the command line — and a deny Tool() from the same
// file still covers the whole tool.
func TestRed20cfgAllowMatchesNothingSources(t *testing.T) {
	for _, trusted := range []bool{true, false} {
		s := red14loadRepo(t, `{"permissions": {"allow": ["Bash()", "Bash(cu*:*)", "Edit()", "Bash(npm test:*)"], "deny": ["WebFetch()"]}}`, trusted)
		live := map[string]bool{}
		for _, r := range s.Rules {
			if r.Ignored == "" {
				live[string(r.Behavior)+" "+r.Text] = true
			}
		}
		for _, dead := range []string{"allow Bash()", "allow Bash(cu*:*)", "allow Edit()"} {
			if live[dead] {
				t.Errorf("trusted %v: %s is live", trusted, dead)
			}
		}
		if !live["deny WebFetch()"] {
			t.Errorf("trusted %v: deny WebFetch() was dropped: %v", trusted, live)
		}
		if !red20cfgWarned(red20cfgWarnings(s.Warnings), "allow rule Bash() is ignored") {
			t.Errorf("trusted %v: no warning for Bash(): %v", trusted, s.Warnings)
		}
	}
	fs, err := cliArgs(Options{AllowedTools: []string{"Bash() Bash(*:*)", " Bash(git status) "}})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range fs.rules {
		if dead := r.Text != "Bash(git status)"; dead != (r.Ignored != "") {
			t.Errorf("--allowed-tools %s: ignored %q", r.Text, r.Ignored)
		}
	}
}

func red20cfgWarned(ws []string, sub string) bool {
	for _, w := range ws {
		if strings.Contains(w, sub) {
			return true
		}
	}
	return false
}

func red20cfgWarnings(ws []Warning) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.Msg
	}
	return out
}

// TestRed20cfgClaudeTrustKeysExact: Claude Code's state file trusts a
// project only through projects[<dir>].hasTrustDialogAccepted spelled
// exactly so (JavaScript keys are case-sensitive). encoding/json matched
// "HasTrustDialogAccepted" and "PROJECTS" too, and the workspace was
// trusted for agentctl alone: its hook allowed the repository's own
// Bash(curl:*) that Claude Code asks about.
func TestRed20cfgClaudeTrustKeysExact(t *testing.T) {
	cases := []struct {
		name, state string
		attack      bool
		want        bool
	}{
		{"field in another case", `{"projects": {"$P": {"HasTrustDialogAccepted": true}}}`, true, false},
		{"field in capitals", `{"projects": {"$P": {"HASTRUSTDIALOGACCEPTED": true}}}`, true, false},
		{"projects in another case", `{"Projects": {"$P": {"hasTrustDialogAccepted": true}}}`, true, false},
		{"projects in capitals", `{"PROJECTS": {"$P": {"hasTrustDialogAccepted": true}}}`, true, false},
		{"a parent in another case", `{"projects": {"$R": {"hasTrustdialogAccepted": true}}}`, true, false},
		// Neighbours.
		{"exact", `{"projects": {"$P": {"hasTrustDialogAccepted": true}}}`, false, true},
		{"exact parent", `{"numStartups": 2, "projects": {"$R": {"hasTrustDialogAccepted": true, "allowedTools": []}}}`, false, true},
		{"false", `{"projects": {"$P": {"hasTrustDialogAccepted": false}}}`, false, false},
		{"later duplicate wins", `{"projects": {"$P": {"hasTrustDialogAccepted": true, "hasTrustDialogAccepted": false}}}`, false, false},
		{"later duplicate trusts", `{"projects": {"$P": {"hasTrustDialogAccepted": false, "hasTrustDialogAccepted": true}}}`, false, true},
		{"no projects", `{"numStartups": 1}`, false, false},
		{"null projects", `{"projects": null}`, false, false},
	}
	for _, c := range cases {
		root, _ := filepath.EvalSymlinks(t.TempDir())
		proj := filepath.Join(root, "proj")
		esc := func(s string) string { b, _ := json.Marshal(s); return string(b[1 : len(b)-1]) }
		state := filepath.Join(root, ".claude.json")
		body := strings.ReplaceAll(strings.ReplaceAll(c.state, "$P", esc(proj)), "$R", esc(root))
		if err := os.WriteFile(state, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		_, got, err := ClaudeTrusts(state, proj)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		if got != c.want {
			kind := map[bool]string{true: "attack", false: "neighbour"}[c.attack]
			t.Errorf("%s: %s: trusted %v, want %v", kind, c.name, got, c.want)
		}
	}
}
