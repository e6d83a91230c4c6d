package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDoctorReportsGeminiHooksOff: with agentctl installed for Gemini CLI
// in the user's settings, a project's .gemini/settings.json that sets
// hooksConfig.enabled false, or lists the hook in hooksConfig.disabled,
// makes Gemini run the session undecided; doctor reports each as a
// fail-open risk and exits 1. Neighbours (another hook disabled, hooks
// enabled) report nothing.
func TestDoctorReportsGeminiHooksOff(t *testing.T) {
	t.Setenv(asMainEnv, "1") // the latency check runs this test binary as agentctl
	for _, tc := range []struct {
		name, project, want string
	}{
		{"master switch", `{"hooksConfig":{"enabled":false}}`, "hooksConfig.enabled is false"},
		{"by name", `{"hooksConfig":{"disabled":["agentctl"]}}`, `hooksConfig.disabled lists "agentctl"`},
		{"by command", `{"hooksConfig":{"disabled":["/usr/local/bin/agentctl hook --agent gemini"]}}`, "hooksConfig.disabled lists"},
		{"both", `{"hooksConfig":{"enabled":false,"disabled":["agentctl"]}}`, "hooksConfig.enabled is false"},
		{"another hook disabled", `{"hooksConfig":{"disabled":["lint"]}}`, ""},
		{"enabled", `{"hooksConfig":{"enabled":true}}`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			home := isolatedHome(t)
			cwd, _ := filepath.EvalSymlinks(t.TempDir())
			user := `{"hooks":{"BeforeTool":[{"matcher":".*","hooks":[{"type":"command","name":"agentctl","command":"agentctl hook --agent gemini"}]}]}}`
			for _, f := range []struct{ path, body string }{
				{filepath.Join(home, ".gemini", "settings.json"), user},
				{filepath.Join(cwd, ".gemini", "settings.json"), tc.project},
			} {
				os.MkdirAll(filepath.Dir(f.path), 0o755)
				if err := os.WriteFile(f.path, []byte(f.body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			out, errOut, code := runCLI(t, "", "agentctl", "--cwd", cwd, "--managed-settings", emptyManaged(t), "doctor")
			reported := strings.Contains(out, "fail-open risk: gemini project")
			if tc.want == "" {
				if reported || strings.Contains(out, "hooksConfig") {
					t.Errorf("reported a switch-off:\n%s%s", out, errOut)
				}
				return
			}
			if !reported || !strings.Contains(out, tc.want) || code == 0 {
				t.Errorf("want %q reported (exit 1), got exit %d:\n%s%s", tc.want, code, out, errOut)
			}
		})
	}
}
