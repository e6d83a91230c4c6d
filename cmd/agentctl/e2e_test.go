//go:build e2e

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The end-to-end tests run the real Claude Code CLI (2.1.332, offline
// against a fake Messages API: ../shared/oracle) with agentctl installed as
// its PreToolUse hook by `agentctl hooks install --scope project`. Run them
// with `make e2e`: the CLI is a ~400 MB download on first use.

// oracleDir is the Claude Code harness (AGENTCTL_ORACLE overrides it).
func oracleDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("AGENTCTL_ORACLE")
	if dir == "" {
		dir, _ = filepath.Abs("../../../shared/oracle")
	}
	if _, err := os.Stat(filepath.Join(dir, "batch.sh")); err != nil {
		t.Fatalf("no Claude Code harness at %s (set AGENTCTL_ORACLE): %v", dir, err)
	}
	return dir
}

// worldDir is a directory user nobody (who runs the CLI) can enter.
func worldDir(t *testing.T, mode os.FileMode) string {
	t.Helper()
	dir, err := os.MkdirTemp("/var/tmp", "agentctl-e2e-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, mode); err != nil {
		t.Fatal(err)
	}
	return dir
}

// buildAgentctl builds the real binaries as make build does — agentctl
// and, beside it, the lean agentctl-hook that hooks install then writes —
// where nobody can run them.
func buildAgentctl(t *testing.T) string {
	t.Helper()
	dir := worldDir(t, 0o755)
	bin := filepath.Join(dir, "agentctl")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err = exec.Command("go", "build", "-tags", "agentctl_lean", "-o", filepath.Join(dir, "agentctl-hook"), ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build -tags agentctl_lean: %v\n%s", err, out)
	}
	return bin
}

type oracleResult struct {
	ID       string `json:"id"`
	Decision string `json:"decision"`
	Reason   string `json:"reason"`
	Source   string `json:"source"`
}

// runOracle runs cases through the real CLI and returns the results by id.
func runOracle(t *testing.T, cases []map[string]any) map[string]oracleResult {
	t.Helper()
	var in bytes.Buffer
	for _, c := range cases {
		b, _ := json.Marshal(c)
		in.Write(append(b, '\n'))
	}
	file := filepath.Join(t.TempDir(), "cases.jsonl")
	if err := os.WriteFile(file, in.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(filepath.Join(oracleDir(t), "batch.sh"), file, "--strategy", "stdio")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil && len(out) == 0 {
		t.Fatalf("batch.sh: %v\n%s", err, stderr.String())
	}
	res := map[string]oracleResult{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var r oracleResult
		if json.Unmarshal(sc.Bytes(), &r) == nil && r.ID != "" {
			res[r.ID] = r
		}
	}
	return res
}

var bypasses = []string{
	`find . -exec rm {} \;`,
	`eval 'rm build'`,
	`$(echo rm) build`,
	`bash -c 'git push --force'`,
	`git -C . push`,
	`git --no-pager push`,
	`git -c k=v push`,
}

// TestClaudeCodeHookEndToEnd: under allow Bash + deny rm and git push, the
// real CLI alone allows the seven bypasses; with agentctl installed as its
// PreToolUse hook every one is denied, an allowed call still runs, and an
// ask from agentctl reaches the CLI as an ask. The events the CLI sends are
// recorded by a second hook and must carry every field the hook reads.
func TestClaudeCodeHookEndToEnd(t *testing.T) {
	bin := buildAgentctl(t)
	policy := map[string]any{"permissions": map[string]any{
		"allow": []string{"Bash", "Read"}, "deny": []string{"Bash(rm *)", "Bash(git push *)"}}}

	// Install with the real command into a project, as a user would.
	proj := t.TempDir()
	os.MkdirAll(filepath.Join(proj, ".claude"), 0o755)
	b, _ := json.Marshal(policy)
	os.WriteFile(filepath.Join(proj, ".claude", "settings.json"), b, 0o644)
	if out, err := exec.Command(bin, "hooks", "install", "--agent", "claude", "--scope", "project", "--cwd", proj).CombinedOutput(); err != nil {
		t.Fatalf("hooks install: %v\n%s", err, out)
	}
	installed, err := os.ReadFile(filepath.Join(proj, ".claude", "settings.json"))
	if err != nil {
		t.Fatal(err)
	}
	var hooked map[string]any
	if err := json.Unmarshal(installed, &hooked); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(installed), filepath.Join(filepath.Dir(bin), "agentctl-hook")+" hook") {
		t.Fatalf("hooks install did not write the lean agentctl-hook beside agentctl:\n%s", installed)
	}
	// A recording hook beside agentctl keeps the events the CLI sends.
	rec := worldDir(t, 0o777)
	events := filepath.Join(rec, "events.jsonl")
	pre := hooked["hooks"].(map[string]any)["PreToolUse"].([]any)
	hooked["hooks"].(map[string]any)["PreToolUse"] = append(pre, map[string]any{"matcher": "*", "hooks": []any{
		map[string]any{"type": "command", "command": "cat >> " + events + "; echo >> " + events}}})

	var cases []map[string]any
	add := func(id, cmd string, settings map[string]any) {
		cases = append(cases, map[string]any{"id": id, "settings": settings, "settingsSource": "project",
			"tool": "Bash", "input": map[string]any{"command": cmd}})
	}
	for i, c := range bypasses {
		add("alone-"+string(rune('a'+i)), c, policy)
		add("hooked-"+string(rune('a'+i)), c, hooked)
	}
	add("hooked-allowed", "echo hello", hooked)
	add("hooked-ask", "$(echo ls) -la", hooked)
	add("alone-ask", "$(echo ls) -la", policy)
	cases = append(cases, map[string]any{"id": "hooked-read", "settings": hooked, "settingsSource": "project",
		"tool": "Read", "input": map[string]any{"file_path": "<cwd>/README.md"}, "files": map[string]any{"README.md": "hi\n"}})
	res := runOracle(t, cases)

	for i, c := range bypasses {
		id := string(rune('a' + i))
		if r := res["alone-"+id]; r.Decision != "allow" {
			t.Errorf("without the hook, the CLI decided %q for %q (%s); the test expects the known bypass", r.Decision, c, r.Reason)
		}
		r := res["hooked-"+id]
		switch {
		case c == `$(echo rm) build`:
			// The command name is computed: no rule can be matched
			// statically, so agentctl asks a person (never runs it unasked).
			if r.Decision != "ask" || !strings.Contains(r.Reason, "agentctl: cannot be resolved statically") {
				t.Errorf("with agentctl: %q → %q (%s); want ask (command name not static)", c, r.Decision, r.Reason)
			}
		case r.Decision != "deny" || !strings.Contains(r.Reason, "agentctl: denied by rule Bash("):
			t.Errorf("with agentctl: %q → %q (%s); want deny naming the rule", c, r.Decision, r.Reason)
		}
	}
	if r := res["hooked-allowed"]; r.Decision != "allow" {
		t.Errorf("an allowed call: %q (%s); want allow", r.Decision, r.Reason)
	}
	if r := res["hooked-read"]; r.Decision != "allow" {
		t.Errorf("an allowed Read: %q (%s); want allow", r.Decision, r.Reason)
	}
	if r := res["alone-ask"]; r.Decision != "allow" {
		t.Errorf("control: without the hook the CLI decided %q for the ask case; want allow", r.Decision)
	}
	if r := res["hooked-ask"]; r.Decision != "ask" || !strings.Contains(r.Reason, "agentctl") {
		t.Errorf("agentctl's ask: %q (%s); want ask with agentctl's reason", r.Decision, r.Reason)
	}

	// The recorded events carry what the hook reads.
	raw, err := os.ReadFile(events)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range bytes.Split(raw, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		n++
		var ev map[string]any
		if err := json.Unmarshal(line, &ev); err != nil {
			t.Fatalf("recorded event: %v: %s", err, line)
		}
		for _, k := range []string{"hook_event_name", "cwd", "permission_mode", "tool_name", "tool_input"} {
			if _, ok := ev[k]; !ok {
				t.Errorf("recorded event lacks %q: %s", k, line)
			}
		}
		if os.Getenv("AGENTCTL_E2E_RECORD") != "" {
			t.Logf("event: %s", line)
		}
	}
	if n < len(bypasses)+3 {
		t.Errorf("recorded %d events; want at least %d", n, len(bypasses)+3)
	}
}
