package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/agentctl/agentctl/tools/mcp/mcptest"
)

var durations = regexp.MustCompile(`"duration_ms":\d+`)

// runGolden runs a fixture session and compares stdout with a golden file.
func runGolden(t *testing.T, golden_ string, args ...string) (string, string) {
	t.Helper()
	_, clean := demoEnv(t)
	dir := t.TempDir()
	all := append([]string{"agentctl", "run", "--session-id", "test", "--session-dir", dir,
		"--managed-settings", emptyManaged(t), "--trust-workspace"}, args...)
	out, errOut, code := runCLI(t, "", all...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	demo, _ := filepath.Abs("../../fixtures/projects/demo")
	norm := strings.NewReplacer(demo, "$CWD", dir, "$SESSION", buildVersion(), "$VERSION").Replace(
		durations.ReplaceAllString(clean.Replace(out), `"duration_ms":0`))
	golden(t, golden_, []byte(norm))
	return out, dir
}

func TestRunDemoSession(t *testing.T) {
	out, dir := runGolden(t, "run_demo.jsonl", "../../fixtures/sessions/demo.jsonl")
	transcript, err := os.ReadFile(filepath.Join(dir, "transcript.jsonl"))
	if err != nil || string(transcript) != out {
		t.Errorf("the transcript must hold exactly the stream-json lines (err %v)", err)
	}
	app, _ := os.ReadFile("../../fixtures/projects/demo/src/app.go")
	if !strings.Contains(string(app), "return 41") {
		t.Error("the demo session must leave the fixture as it found it")
	}
}

func TestRunStreamedSession(t *testing.T) {
	runGolden(t, "run_stream.jsonl", "../../fixtures/sessions/stream.jsonl")
}

func TestRunTextOutput(t *testing.T) {
	runGolden(t, "run_demo.txt", "--output", "text", "../../fixtures/sessions/demo.jsonl")
}

func TestRunPermissionPromptCommand(t *testing.T) {
	dir := t.TempDir()
	approver := filepath.Join(dir, "approve.sh")
	os.WriteFile(approver, []byte(`#!/bin/sh
input=$(cat)
case "$input" in
  *'"git push --dry-run nowhere main"'*) echo '{"behavior": "allow", "message": "release manager approved"}' ;;
  *) echo '{"behavior": "deny", "message": "not today"}' ;;
esac
`), 0o755)
	out, _ := runGolden(t, "run_prompt.jsonl", "--permission-prompt-command", "'"+approver+"'", "../../fixtures/sessions/stream.jsonl")
	if !strings.Contains(out, `"permission_denials":[]`) {
		t.Errorf("the approved push must not be a denial:\n%s", out)
	}
}

func TestRunSpillsLargeOutput(t *testing.T) {
	_, _ = demoEnv(t)
	dir := t.TempDir()
	script := filepath.Join(dir, "s.jsonl")
	os.WriteFile(script, []byte(`{"role":"assistant","content":[{"type":"tool_use","id":"toolu_big","name":"Bash","input":{"command":"seq 1 5000"}}]}`+"\n"), 0o644)
	sess := filepath.Join(dir, "session")
	out, errOut, code := runCLI(t, "", "agentctl", "run", "--cwd", dir, "--managed-settings", emptyManaged(t), "--allowed-tools", "Bash(seq *)",
		"--session-dir", sess, "--max-result-chars", "1000", script)
	if code != 0 {
		t.Fatal(errOut)
	}
	saved, err := os.ReadFile(filepath.Join(sess, "tool-results", "toolu_big.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	for i := 1; i <= 5000; i++ {
		want.WriteString(strconv.Itoa(i) + "\n")
	}
	if string(saved) != want.String() {
		t.Error("spilled output differs from the command's output")
	}
	if !strings.Contains(out, "whole output is saved at") {
		t.Errorf("no preview note in:\n%.300s", out)
	}
}

func TestRunErrors(t *testing.T) {
	_, _ = demoEnv(t)
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(bad, []byte(`{"role":"user","content":[]}`+"\n"), 0o644)
	if _, errOut, code := runCLI(t, "", "agentctl", "run", "--cwd", dir, bad); code != exitError || !strings.Contains(errOut, "bad.jsonl:1") {
		t.Errorf("exit %d stderr %q", code, errOut)
	}
	missing := filepath.Join(dir, "m.jsonl")
	os.WriteFile(missing, []byte("nope.sse\n"), 0o644)
	out, _, code := runCLI(t, "", "agentctl", "run", "--cwd", dir, "--session-dir", t.TempDir(), missing)
	if code != exitError || !strings.Contains(out, `"subtype":"error_during_execution"`) {
		t.Errorf("missing .sse: exit %d out %s", code, out)
	}
}

func TestRunAlwaysAllowAddsSessionRule(t *testing.T) {
	_, _ = demoEnv(t)
	dir := t.TempDir()
	counter := filepath.Join(dir, "asked")
	approver := filepath.Join(dir, "approve.sh")
	os.WriteFile(approver, []byte("#!/bin/sh\ncat > /dev/null\necho x >> '"+counter+"'\necho '{\"behavior\": \"allow\", \"always\": true}'\n"), 0o755)
	script := filepath.Join(dir, "s.jsonl")
	line := `{"role":"assistant","content":[{"type":"tool_use","id":"ID","name":"Bash","input":{"command":"touch made"}}]}`
	os.WriteFile(script, []byte(strings.ReplaceAll(line, "ID", "t1")+"\n"+strings.ReplaceAll(line, "ID", "t2")+"\n"), 0o644)
	out, errOut, code := runCLI(t, "", "agentctl", "run", "--cwd", dir, "--managed-settings", emptyManaged(t),
		"--session-dir", t.TempDir(), "--permission-prompt-command", "'"+approver+"'", script)
	if code != 0 {
		t.Fatal(errOut)
	}
	asked, _ := os.ReadFile(counter)
	if strings.Count(string(asked), "x") != 1 || !strings.Contains(out, `"permission_denials":[]`) {
		t.Errorf("asked %d times (want 1: the second call is covered by the session rule); out:\n%s", strings.Count(string(asked), "x"), out)
	}
}

func TestRunWithRealMCPServer(t *testing.T) {
	_, _ = demoEnv(t)
	dir := t.TempDir()
	exe, _ := os.Executable()
	cfg := filepath.Join(dir, "mcp.json")
	os.WriteFile(cfg, []byte(mcptest.Config(exe)), 0o644)
	script := filepath.Join(dir, "s.jsonl")
	os.WriteFile(script, []byte(`{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"mcp__demo__echo","input":{"text":"hi"}},{"type":"tool_use","id":"t2","name":"mcp__demo__drop_table","input":{"name":"users"}}]}`+"\n"), 0o644)
	os.MkdirAll(filepath.Join(dir, ".claude"), 0o755)
	os.WriteFile(filepath.Join(dir, ".claude", "settings.json"), []byte(`{"permissions": {"allow": ["mcp__demo__echo"], "deny": ["mcp__demo__drop_*"]}}`), 0o644)
	out, errOut, code := runCLI(t, "", "agentctl", "run", "--cwd", dir, "--managed-settings", emptyManaged(t),
		"--session-dir", t.TempDir(), "--mcp-config", cfg, script)
	if code != 0 {
		t.Fatal(errOut)
	}
	for _, want := range []string{`"name":"broken","status":"failed"}`, `{"name":"demo","status":"connected"}`,
		`"content":"echo: hi"`, `no such tool available: mcp__demo__drop_table`,
		`"mcp__demo__echo"`} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %s:\n%s", want, out)
		}
	}
	if strings.Contains(out, `"mcp__demo__drop_table","mcp`) {
		t.Error("a tool removed by a deny glob stays out of the pool")
	}
	out, errOut, code = runCLI(t, "", "agentctl", "run", "--cwd", dir, "--managed-settings", emptyManaged(t),
		"--session-dir", t.TempDir(), "--mcp-config", cfg, "--disallowed-tools", "mcp__demo", script)
	if code != 0 || strings.Contains(out, `"mcp__demo__echo"]`) || !strings.Contains(out, "no such tool available: mcp__demo__echo") {
		t.Errorf("a server-wide deny must remove every tool of the server from the pool (exit %d %s):\n%s", code, errOut, out)
	}
}
