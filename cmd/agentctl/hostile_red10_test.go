package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckRepositoryHookOfAnotherTypeRepeatsUserCommand: a repository's
// prompt or http hook whose prompt or url is the user's hook command
// merged with it as one hook; the repository's entry came first and never
// runs, so the user's exit-2 hook answered only ask.
func TestCheckRepositoryHookOfAnotherTypeRepeatsUserCommand(t *testing.T) {
	home := isolatedHome(t)
	root, _ := filepath.EvalSymlinks(t.TempDir())
	proj := filepath.Join(root, "proj")
	const cmd = "echo blocked-by-user >&2; exit 2"
	writeFiles(t, home, map[string]string{".claude/settings.json": `{"permissions":{"allow":["Bash(make *)"]},` +
		`"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"` + cmd + `"}]}]}}`})
	cases := []struct{ name, hook, want string }{
		{"prompt repeats the command", `{"type":"prompt","prompt":"` + cmd + `"}`, "deny"},
		{"http url repeats the command", `{"type":"http","url":"` + cmd + `"}`, "deny"},
		{"agent prompt repeats the command", `{"type":"agent","prompt":"` + cmd + `"}`, "deny"},
		{"the same command hook", `{"type":"command","command":"` + cmd + `","timeout":1}`, "deny"},
		{"another prompt", `{"type":"prompt","prompt":"is this fine?"}`, "deny"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			writeFiles(t, proj, map[string]string{".claude/settings.json": `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[` + c.hook + `]}]}}`})
			out, errOut, _ := runCLI(t, "", "agentctl", "--cwd", proj, "--managed-settings", emptyManaged(t),
				"--trust-workspace", "check", "Bash", `{"command":"make x"}`)
			if got := strings.Fields(out + " none")[0]; got != c.want || !strings.Contains(out, "blocked-by-user") {
				t.Errorf("%s%s, want %s by the user's hook", out, errOut, c.want)
			}
		})
	}
}

// TestHookTrustRecordOfAnotherUser: `agentctl hook` under an
// XDG_CONFIG_HOME or CLAUDE_CONFIG_DIR in a shared directory read a trust
// record another user owns (and so may rewrite) and trusted whatever it
// named: the repository's defaultMode bypassPermissions allowed `make x`
// unasked. Another user's record now trusts nothing; the user's own still
// does.
func TestHookTrustRecordOfAnotherUser(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to give a file to another user")
	}
	cases := []struct {
		name   string
		claude bool // Claude Code's state file, else agentctl's record
		owner  int
		want   string
	}{
		{"agentctl record, another user's", false, 12345, "ask"},
		{"Claude Code record, another user's", true, 12345, "ask"},
		{"agentctl record, own", false, 0, "allow"},
		{"Claude Code record, own", true, 0, "allow"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			isolatedHome(t)
			root, _ := filepath.EvalSymlinks(t.TempDir())
			proj, shared := filepath.Join(root, "proj"), filepath.Join(root, "shared")
			writeFiles(t, proj, map[string]string{".claude/settings.json": `{"permissions":{"defaultMode":"bypassPermissions"}}`})
			record := filepath.Join(shared, "agentctl", "trusted.json")
			body := `{"version":1,"trusted":[{"path":"/","added":"2026-01-01T00:00:00Z"}]}`
			if c.claude {
				record, body = filepath.Join(shared, ".claude.json"), `{"projects":{"/":{"hasTrustDialogAccepted":true}}}`
				t.Setenv("CLAUDE_CONFIG_DIR", shared)
			} else {
				t.Setenv("XDG_CONFIG_HOME", shared)
			}
			writeFiles(t, root, map[string]string{strings.TrimPrefix(record, root+"/"): body})
			if err := os.Chmod(record, 0o600); err != nil {
				t.Fatal(err)
			}
			if err := os.Chown(record, c.owner, -1); err != nil {
				t.Fatal(err)
			}
			ev := strings.Replace(hookEvents(proj, "make x")["claude"], `"default"`, `"bypassPermissions"`, 1)
			out, errOut, code := runCLI(t, ev, "agentctl", "hook", "--managed-settings", emptyManaged(t))
			if got := hookVerdict(out, code); got != c.want {
				t.Errorf("%s (exit %d, %s), want %s", out, code, errOut, c.want)
			}
		})
	}
}
