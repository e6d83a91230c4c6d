package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRepositoryCommandsProfileNeedsTrust: "agentctl": {"commands":
// "extended"} in a repository's own settings makes more commands run
// without asking, so it applies only in a trusted workspace; otherwise a
// warning says so and core decides. Every entry point is checked: check,
// explain, check --batch, run and hook (each agent). --commands extended
// and user settings still choose extended.
func TestRepositoryCommandsProfileNeedsTrust(t *testing.T) {
	const cmd = "kubectl get pods" // read-only in the extended tables only
	type setup struct {
		name, file, body string
		args             []string // extra global flags
		trustRecord      bool     // `agentctl trust` the workspace first
		extended         bool     // want the extended profile
	}
	ext := `{"agentctl": {"commands": "extended"}}`
	setups := []setup{
		{"project, untrusted", ".claude/settings.json", ext, nil, false, false},
		{"local, untrusted", ".claude/settings.local.json", ext, nil, false, false},
		{"project yaml, untrusted", ".claude/settings.yaml", "agentctl:\n  commands: extended\n", nil, false, false},
		{"project, --trust-workspace", ".claude/settings.json", ext, []string{"--trust-workspace"}, false, true},
		{"project, untrusted, --commands extended", ".claude/settings.json", `{}`, []string{"--commands", "extended"}, false, true},
		{"user settings", "HOME/.claude/settings.json", ext, nil, false, true},
	}
	// Hooks and run consult the trust records; decision commands do not.
	setups = append(setups, setup{"project, trust record", ".claude/settings.json", ext, nil, true, true})
	for _, s := range setups {
		t.Run(s.name, func(t *testing.T) {
			home := isolatedHome(t)
			cwd, _ := filepath.EvalSymlinks(t.TempDir())
			file := filepath.Join(cwd, s.file)
			if rest, ok := strings.CutPrefix(s.file, "HOME/"); ok {
				file = filepath.Join(home, rest)
			}
			os.MkdirAll(filepath.Dir(file), 0o755)
			if err := os.WriteFile(file, []byte(s.body), 0o644); err != nil {
				t.Fatal(err)
			}
			managed := emptyManaged(t)
			base := append([]string{"agentctl", "--cwd", cwd, "--managed-settings", managed}, s.args...)
			if s.trustRecord {
				if _, errOut, code := runCLI(t, "", append(base, "trust", cwd)...); code != 0 {
					t.Fatalf("trust: %s", errOut)
				}
			}
			warned := func(errOut string) bool { return strings.Contains(errOut, "agentctl.commands extended ignored") }
			fromRepo := !strings.HasPrefix(s.file, "HOME/") && !strings.Contains(strings.Join(s.args, " "), "--commands")
			checkWarn := func(what, errOut string, extended bool) {
				t.Helper()
				if fromRepo && warned(errOut) == extended {
					t.Errorf("%s: warned=%v with extended=%v:\n%s", what, warned(errOut), extended, errOut)
				}
			}
			// Decision commands: extended only under --trust-workspace
			// (or from the flag or user settings), never by a record.
			decideExt := s.extended && !s.trustRecord
			call := jsonCommand(cmd)
			_, errOut, code := runCLI(t, "", append(base, "check", "Bash", call)...)
			if (code == exitOK) != decideExt {
				t.Errorf("check: exit %d, want extended=%v\n%s", code, decideExt, errOut)
			}
			checkWarn("check", errOut, decideExt)
			out, _, _ := runCLI(t, "", append(base, "explain", "Bash", call)...)
			if strings.Contains(out, "command table") != decideExt {
				t.Errorf("explain: extended=%v, want %v\n%s", !decideExt, decideExt, out)
			}
			out, errOut, _ = runCLI(t, `{"tool_name":"Bash","tool_input":`+call+"}\n", append(base, "check", "--batch", "-")...)
			if strings.Contains(out, `"allow"`) != decideExt {
				t.Errorf("check --batch: %s, want extended=%v\n%s", out, decideExt, errOut)
			}
			checkWarn("check --batch", errOut, decideExt)
			// run and hook: extended with a trust record too.
			session := filepath.Join(t.TempDir(), "s.jsonl")
			os.WriteFile(session, []byte(`{"type":"session","cwd":"`+cwd+`"}`+"\n"+
				`{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Bash","input":`+call+`}]}`+"\n"), 0o644)
			out, errOut, _ = runCLI(t, "", append(base, "run", "--session-dir", t.TempDir(), session)...)
			if denied := !strings.Contains(out, `"permission_denials":[]`); denied == s.extended {
				t.Errorf("run: denied=%v, want extended=%v\n%s\n%s", denied, s.extended, out, errOut)
			}
			checkWarn("run", errOut, s.extended)
			for agent, event := range hookEvents(cwd, cmd) {
				out, errOut, code := runCLI(t, event, append(base, "hook", "--agent", agent)...)
				allowed := code == 0 && strings.Contains(out, "allow") && !strings.Contains(out, `"ask"`)
				if allowed != s.extended {
					t.Errorf("hook %s: exit %d %s, want extended=%v\n%s", agent, code, out, s.extended, errOut)
				}
				checkWarn("hook "+agent, errOut, s.extended)
			}
		})
	}
}
