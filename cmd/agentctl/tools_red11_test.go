package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentctl/agentctl/tools/mcp/mcptest"
)

// TestRunLooseMCPParamRule: a param deny on an MCP tool's field holds when
// the call wraps the value in a list — through agentctl run and a real
// stdio server whose schema takes a string or a list of statements, and
// which records what it really ran.
func TestRunLooseMCPParamRule(t *testing.T) {
	_, _ = demoEnv(t)
	dir := t.TempDir()
	exe, _ := os.Executable()
	ran := filepath.Join(t.TempDir(), "ran.log")
	cfg := filepath.Join(t.TempDir(), "mcp.json")
	if err := os.WriteFile(cfg, []byte(mcptest.LooseConfig(exe, ran)), 0o600); err != nil {
		t.Fatal(err)
	}
	calls := []string{
		`{"sql":"DROP TABLE users"}`,
		`{"sql":["DROP TABLE users"]}`,
		`{"sql":["select 1","drop table users; DROP TABLE orders"]}`,
		`{"sql":["select 1"]}`,
		`{"sql":"select 2"}`,
	}
	var script strings.Builder
	for i, in := range calls {
		script.WriteString(`{"role":"assistant","content":[{"type":"tool_use","id":"t` + string(rune('0'+i)) +
			`","name":"mcp__db__query","input":` + in + `}]}` + "\n")
	}
	sc := filepath.Join(dir, "s.jsonl")
	if err := os.WriteFile(sc, []byte(script.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	policy := `{"permissions":{"deny":["mcp__db__query(sql:*DROP*)"],"allow":["mcp__db"]}}`
	if err := os.WriteFile(filepath.Join(dir, ".claude", "settings.json"), []byte(policy), 0o600); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runCLI(t, "", "agentctl", "run", "--cwd", dir, "--managed-settings", emptyManaged(t),
		"--session-dir", t.TempDir(), "--mcp-config", cfg, sc)
	if code != 0 {
		t.Fatalf("run: exit %d: %s\n%s", code, errOut, out)
	}
	b, _ := os.ReadFile(ran)
	if got, want := string(b), "ran: select 1\nran: select 2\n"; got != want {
		t.Errorf("the server ran:\n%swant:\n%s\nrun output:\n%s", got, want, out)
	}
	for _, id := range []string{"t0", "t1", "t2"} {
		if !strings.Contains(out, `"tool_use_id":"`+id+`","tool_input"`) {
			t.Errorf("call %s is not among the permission denials:\n%s", id, out)
		}
	}
}

// TestCheckRed11Tools decides the round-11 tool classes through the check
// command: its exit status is the decision.
func TestCheckRed11Tools(t *testing.T) {
	_, _ = demoEnv(t)
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	policy := `{"permissions":{"deny":["Skill(danger)","Skill(review-pr:*)","mcp__db__query(sql:*DROP*)"],` +
		`"ask":["Skill(askme)"],"allow":["Skill","mcp__db"]}}`
	if err := os.WriteFile(filepath.Join(dir, ".claude", "settings.json"), []byte(policy), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, r := range []struct {
		tool, input string
		want        int
	}{
		{"Skill", `{"skill":"safe","command":"danger"}`, exitDeny},
		{"Skill", `{"command":"danger","skill":"safe"}`, exitDeny},
		{"Skill", `{"skill":"/danger"}`, exitDeny},
		{"Skill", `{"skill":"review-pr","args":"12"}`, exitDeny},
		{"Skill", `{"skill":"safe","command":"askme"}`, exitAsk},
		{"mcp__db__query", `{"sql":["DROP TABLE users"]}`, exitDeny},
		{"mcp__db__query", `{"sql":{"q":"DROP TABLE users"}}`, exitDeny},
		// Harmless neighbours.
		{"Skill", `{"skill":"safe"}`, exitOK},
		{"Skill", `{"skill":"review-prs"}`, exitOK},
		{"mcp__db__query", `{"sql":["select 1"]}`, exitOK},
	} {
		out, errOut, code := runCLI(t, "", "agentctl", "--cwd", dir, "--managed-settings", emptyManaged(t), "check", r.tool, r.input)
		if code != r.want {
			t.Errorf("check %s %s: exit %d, want %d\n%s%s", r.tool, r.input, code, r.want, out, errOut)
		}
	}
}
