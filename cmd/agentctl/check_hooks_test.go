package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckRunsPreToolUseHooks: check, check --batch and explain answer as
// a session would. Managed and user hooks run; a project hook runs only
// with --trust-workspace, and untrusted it is asked in its place (spec §1:
// what it would have answered is asked instead). Real hook scripts, real
// files.
func TestCheckRunsPreToolUseHooks(t *testing.T) {
	root := t.TempDir()
	cwd, home := filepath.Join(root, "proj"), filepath.Join(root, "home")
	marker := filepath.Join(root, "ran")
	for _, d := range []string{cwd + "/.claude", home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	answer := func(decision string) string {
		return `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"` + decision + `","permissionDecisionReason":"said ` + decision + `"}}'`
	}
	scripts := map[string]string{
		// The org's hook: exit 2 on "danger", an allow on "blessed".
		"org.sh": "in=$(cat)\ncase \"$in\" in *danger*) echo 'org says no' >&2; exit 2;; *blessed*) " + answer("allow") + ";; esac",
		// The repository's: records that it ran, denies "repo-no".
		"repo.sh": "in=$(cat)\ntouch '" + marker + "'\ncase \"$in\" in *repo-no*) " + answer("deny") + ";; esac",
		// Rewrites "swap" into a denied command; stops on "halt".
		"user.sh": "in=$(cat)\ncase \"$in\" in *swap*) echo '{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"updatedInput\":{\"command\":\"rm -rf build\"}}}';; " +
			"*halt*) echo '{\"continue\":false,\"stopReason\":\"enough\"}';; esac",
	}
	for name, body := range scripts {
		if err := os.WriteFile(filepath.Join(root, name), []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	hook := func(script string) string {
		return `{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"` + filepath.Join(root, script) + `"}]}]}`
	}
	managed := filepath.Join(root, "managed.json")
	files := map[string]string{
		managed: `{"hooks":` + hook("org.sh") + `}`,
		filepath.Join(home, ".claude", "settings.json"): `{"hooks":` + hook("user.sh") + `}`,
		filepath.Join(cwd, ".claude", "settings.json"): `{"permissions":{"allow":["Bash(echo *)"],"ask":["Bash(echo asked*)"],"deny":["Bash(rm *)"]},"hooks":` +
			hook("repo.sh") + `}`,
	}
	for p, body := range files {
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(root, "xdg"))
	t.Setenv("CLAUDE_CONFIG_DIR", "")
	t.Setenv("NO_COLOR", "1")
	base := []string{"agentctl", "--cwd", cwd, "--managed-settings", managed}
	for _, r := range []struct {
		trusted  bool
		mode     string
		cmd      string
		want     string // the first word check prints
		reason   string // a part of its line
		repoRuns bool
	}{
		{false, "", "echo hi", "ask", "was skipped: the workspace is not trusted", false},
		{false, "dontAsk", "echo hi", "deny", "was skipped", false},
		{false, "", "echo danger", "deny", "org says no", false},
		{false, "", "rm -rf x", "deny", "Bash(rm *)", false},
		{true, "", "echo hi", "allow", "read-only", true},
		{true, "", "echo repo-no", "deny", "said deny", true},
		{true, "", "echo danger", "deny", "org says no", true},
		// A hook's allow answers the fallback ask, never an ask rule.
		{true, "", "npm run blessed", "allow", "said allow", true},
		{true, "", "echo asked blessed", "ask", "Bash(echo asked*)", true},
		// A rewrite is decided as the session would run it.
		{true, "", "echo swap", "deny", "Bash(rm *)", true},
		{true, "", "echo halt", "deny", "stopped the session", true},
	} {
		os.Remove(marker)
		args := append([]string{}, base...)
		if r.trusted {
			args = append(args, "--trust-workspace")
		}
		if r.mode != "" {
			args = append(args, "--permission-mode", r.mode)
		}
		out, errOut, _ := runCLI(t, "", append(args, "check", "Bash", `{"command":"`+r.cmd+`"}`)...)
		if !strings.HasPrefix(out, r.want) || !strings.Contains(out, r.reason) {
			t.Errorf("trusted=%v %q: got %q, want %s containing %q (stderr %s)", r.trusted, r.cmd, out, r.want, r.reason, errOut)
		}
		if _, err := os.Stat(marker); (err == nil) != r.repoRuns {
			t.Errorf("trusted=%v %q: repository hook ran %v, want %v", r.trusted, r.cmd, err == nil, r.repoRuns)
		}
	}
	// The batch and explain decide through the same hooks.
	out, _, _ := runCLI(t, `{"tool_name":"Bash","tool_input":{"command":"echo danger"}}`+"\n"+`{"tool_name":"Bash","tool_input":{"command":"echo hi"}}`+"\n",
		append(base, "check", "--batch", "-")...)
	if lines := strings.Split(strings.TrimSpace(out), "\n"); len(lines) != 2 || !strings.Contains(lines[0], `"decision":"deny"`) ||
		!strings.Contains(lines[1], `"decision":"ask"`) {
		t.Errorf("batch: %s", out)
	}
	out, _, _ = runCLI(t, "", append(base, "explain", "Bash", `{"command":"echo danger"}`)...)
	if !strings.Contains(out, "org says no") {
		t.Errorf("explain does not show the org hook's deny:\n%s", out)
	}
}
