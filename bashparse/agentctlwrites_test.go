package bashparse

import (
	"strings"
	"testing"
)

// TestAgentctlWrites: an agentctl command line that writes the trust
// record, an agent's hook settings, a bundle or a decision log names that
// file, wherever the global flags put the command and however the program
// is spelled (agentctl-full, a path, env or command in front); reading
// commands name none.
func TestAgentctlWrites(t *testing.T) {
	const trust = "~/.config/agentctl/trusted.json"
	cases := []struct {
		cmd  string
		want []string // written paths, in order; nil: none
	}{
		{"agentctl trust .", []string{trust}},
		{"agentctl trust", []string{trust}},
		{"agentctl trust revoke /src", []string{trust}},
		{"agentctl --cwd / trust .", []string{trust}},
		{"agentctl --cwd=/ trust .", []string{trust}},
		{"agentctl -cwd / trust .", []string{trust}},
		{"agentctl --managed-settings /dev/null --settings '{}' --add-dir / trust .", []string{trust}},
		{"agentctl --no-color --trust-workspace trust .", []string{trust}},
		{"agentctl --output json --commands extended --opa-timeout 1s trust .", []string{trust}},
		{"agentctl-full trust .", []string{trust}},
		{"agentctl-dev --cwd /x trust", []string{trust}},
		{"/usr/local/bin/agentctl trust .", []string{trust}},
		{"./bin/agentctl --cwd / trust .", []string{trust}},
		{"env X=1 agentctl --cwd / trust .", []string{trust}},
		{"command agentctl --cwd / trust .", []string{trust}},
		{"sudo agentctl-full trust .", []string{trust}},
		{"agentctl trust -- list", []string{trust}},
		{"agentctl $CMD .", []string{trust}},
		{"agentctl --cwd / $(echo trust) .", []string{trust}},
		{"agentctl hooks install", []string{"~/.claude/settings.json"}},
		{"agentctl --managed-settings /dev/null hooks install", []string{"~/.claude/settings.json"}},
		{"agentctl hooks --agent claude --scope project install", []string{".claude/settings.json"}},
		{"agentctl --cwd /w hooks install --scope local", []string{"/w/.claude/settings.local.json"}},
		{"agentctl --managed-settings /etc/m.json hooks install --scope managed", []string{"/etc/m.json"}},
		{"agentctl hooks install --scope=managed", []string{"/etc/claude-code/managed-settings.json"}},
		{"agentctl hooks install --agent gemini", []string{"~/.gemini/settings.json"}},
		{"agentctl hooks install --agent gemini --scope project", []string{".gemini/settings.json"}},
		{"agentctl hooks install --agent cursor", []string{"~/.cursor/hooks.json"}},
		{"agentctl hooks uninstall --agent cursor --scope project", []string{".cursor/hooks.json"}},
		{"agentctl hooks frobnicate", []string{"~/.claude/settings.json"}},
		// An agent or scope computed at run time may be any of them.
		{`agentctl hooks install --agent "$A"`, []string{"~/.claude/settings.json", ".claude/settings.json",
			".claude/settings.local.json", "/etc/claude-code/managed-settings.json", "~/.gemini/settings.json",
			".gemini/settings.json", "/etc/gemini-cli/settings.json", "~/.cursor/hooks.json", ".cursor/hooks.json",
			"/etc/cursor/hooks.json"}},
		{"agentctl bundle build -o /tmp/b.tar.gz", []string{"/tmp/b.tar.gz"}},
		{"agentctl bundle build --out=.git/hooks/x", []string{".git/hooks/x"}},
		{"agentctl --decision-log ~/.bashrc check Bash '{}'", []string{"~/.bashrc"}},
		{"agentctl test --junit .git/hooks/post-checkout policy_test.yaml", []string{".git/hooks/post-checkout"}},
		{"agentctl replay --html=~/.bashrc t.jsonl", []string{"~/.bashrc"}},
		{"agentctl diff --base HEAD~1 --html r.html t.jsonl", []string{"r.html"}},
		// A program named at run time may be agentctl.
		{"$A trust .", []string{trust}},
		{"\"$(command -v agentctl)\" --cwd / hooks install", []string{"~/.claude/settings.json"}},
		{"$A trust list", nil},
		{"$A --decision-log x check", nil},
		{"agentctl --cwd=$D trust .", []string{trust}},
		{"agentctl --cwd \"$D\" hooks \"$SUB\"", []string{"~/.claude/settings.json"}},
		{"agentctl trust \"$DIR\"", []string{trust}},
		// Reading commands.
		{"agentctl --cwd=$D check Bash '{}'", nil},
		{"agentctl explain \"$TOOL\" \"$INPUT\"", nil},
		{"agentctl trust list", nil},
		{"agentctl --cwd / trust list", nil},
		{"agentctl hooks list", nil},
		{"agentctl hooks", nil},
		{"agentctl settings show", nil},
		{"agentctl --cwd / check Bash '{\"command\":\"ls\"}'", nil},
		{"agentctl explain Bash \"$J\"", nil},
		{"agentctl-hook hook", nil},
		{"agentctl version", nil},
		{"agentctlx trust .", nil},
	}
	for _, c := range cases {
		t.Run(c.cmd, func(t *testing.T) {
			a := Parse(c.cmd)
			var got []string
			for _, cmd := range a.Commands {
				for _, f := range cmd.Files {
					if f.Access == Write && strings.HasPrefix(f.Via, "agentctl") {
						got = append(got, f.Path)
					}
				}
			}
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("writes %q, want %q", got, c.want)
			}
		})
	}
}

// TestAgentctlRuns: agentctl command lines that run programs they do not
// show (run, hook, doctor, --trust-workspace, --mcp-config) are
// unresolved, so Bash(agentctl *) does not approve them; deciding and
// reading commands are not.
func TestAgentctlRuns(t *testing.T) {
	cases := []struct {
		cmd  string
		runs bool
	}{
		{"agentctl run s.jsonl", true},
		{"agentctl --cwd / run --permission-prompt-command ./x s.jsonl", true},
		{"agentctl-full --trust-workspace check Bash '{}'", true},
		{"agentctl check --trust-workspace Bash '{}'", true},
		{"agentctl explain --trust-workspace=true Bash '{}'", true},
		{"agentctl --mcp-config .mcp.json tools list", true},
		{"agentctl tools list --mcp-config=.mcp.json", true},
		{"agentctl hook --agent claude", true},
		{"/opt/bin/agentctl doctor", true},
		{"agentctl check Bash '{}'", false},
		{"agentctl --cwd / explain Bash '{}'", false},
		{"agentctl settings show", false},
		{"agentctl trust list", false},
		{"agentctl tools list", false},
	}
	for _, c := range cases {
		t.Run(c.cmd, func(t *testing.T) {
			a := Parse(c.cmd)
			runs := false
			for _, u := range a.Unresolved {
				runs = runs || u.Reason == ReasonProgramConfig && strings.HasPrefix(u.Text, "agentctl")
			}
			if runs != c.runs {
				t.Errorf("runs=%v, want %v (%v)", runs, c.runs, a.Unresolved)
			}
		})
	}
}
