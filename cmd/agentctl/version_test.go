package main

import (
	"strings"
	"testing"
)

// TestUsageErrors: a usage mistake exits 1 (never 2 or 3, which mean deny
// and ask), says so on stderr in a line or two, and suggests the near miss.
func TestUsageErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"chek"}, `unknown command "chek". Did you mean "check"?`},
		{[]string{"tools", "lisst"}, `tools: unknown command "lisst". Did you mean "list"?`},
		{[]string{"settings", "shwo"}, `settings: unknown command "shwo". Did you mean "show"?`},
		{[]string{"check", "--outptu", "json", "Bash", "{}"}, "check: flag provided but not defined: -outptu (did you mean --output?)"},
		{[]string{"--cwdd", "x", "check"}, "flag provided but not defined: -cwdd (did you mean --cwd?)"},
		{[]string{"tools", "list", "--outptu", "json"}, "tools list: flag provided but not defined: -outptu (did you mean --output?)"},
	}
	for _, tt := range tests {
		stdout, stderr, code := runCLI(t, "", append([]string{"agentctl"}, tt.args...)...)
		if code != exitError {
			t.Errorf("%v: exit %d, want %d", tt.args, code, exitError)
		}
		if !strings.Contains(stderr, tt.want) {
			t.Errorf("%v: stderr %q, want %q", tt.args, stderr, tt.want)
		}
		if strings.Count(stderr, "\n") > 2 || strings.Contains(stderr, "USAGE:") || stdout != "" {
			t.Errorf("%v: usage error is not short: stdout %q stderr %q", tt.args, stdout, stderr)
		}
	}
}

func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"version"}} {
		stdout, _, code := runCLI(t, "", append([]string{"agentctl"}, args...)...)
		if code != exitOK || !strings.HasPrefix(stdout, "agentctl ") || !strings.Contains(stdout, "go1.") {
			t.Errorf("%v: exit %d, %q", args, code, stdout)
		}
	}
}

// TestCompletionValues: tool names and enumerated flag values complete.
func TestCompletionValues(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want []string
	}{
		{[]string{"check", "--generate-bash-completion"}, []string{"Bash\n", "Read\n", "WebFetch\n"}},
		{[]string{"explain", "--permission-mode", "--generate-bash-completion"}, []string{"acceptEdits\n", "bypassPermissions\n"}},
	} {
		out, _, code := runCLI(t, "", append([]string{"agentctl"}, tt.args...)...)
		for _, w := range tt.want {
			if code != 0 || !strings.Contains(out, w) {
				t.Errorf("%v: exit %d, %q lacks %q", tt.args, code, out, w)
			}
		}
	}
}
