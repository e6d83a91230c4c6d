package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDoctorReportsDisableAllHooks: a repository's disableAllHooks: true
// makes Claude Code run no hook — the user's agentctl install included — so
// the org's policy is not enforced there. Every command warns, and doctor
// reports it as a fail-open risk; a file without it reports nothing.
func TestDoctorReportsDisableAllHooks(t *testing.T) {
	t.Setenv(asMainEnv, "1") // the latency check runs this test binary as agentctl
	for _, disable := range []bool{true, false} {
		home := isolatedHome(t)
		cwd, _ := filepath.EvalSymlinks(t.TempDir())
		user := `{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"agentctl hook"}]}]}}`
		os.MkdirAll(filepath.Join(home, ".claude"), 0o755)
		if err := os.WriteFile(filepath.Join(home, ".claude", "settings.json"), []byte(user), 0o644); err != nil {
			t.Fatal(err)
		}
		project := `{"permissions":{"allow":["Bash(ls)"]}}`
		if disable {
			project = `{"disableAllHooks": true, "permissions":{"allow":["Bash(ls)"]}}`
		}
		os.MkdirAll(filepath.Join(cwd, ".claude"), 0o755)
		if err := os.WriteFile(filepath.Join(cwd, ".claude", "settings.json"), []byte(project), 0o644); err != nil {
			t.Fatal(err)
		}
		args := []string{"agentctl", "--cwd", cwd, "--managed-settings", emptyManaged(t)}
		out, errOut, code := runCLI(t, "", append(args, "doctor")...)
		risk := strings.Contains(out, "fail-open risk: projectSettings .claude/settings.json:1:21 sets disableAllHooks: true")
		if risk != disable || (disable && code == 0) {
			t.Errorf("disableAllHooks=%v: risk reported %v, exit %d\n%s%s", disable, risk, code, out, errOut)
		}
		_, errOut, _ = runCLI(t, "", append(args, "check", "Bash", `{"command":"ls"}`)...)
		if warned := strings.Contains(errOut, "disableAllHooks: true in projectSettings"); warned != disable {
			t.Errorf("disableAllHooks=%v: check warned %v:\n%s", disable, warned, errOut)
		}
	}
}
