package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// leanBinary builds the lean hook binary (tag agentctl_lean) in the
// test's temp dir, with no full agentctl beside it.
func leanBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "agentctl-hook")
	if out, err := exec.Command("go", "build", "-tags", "agentctl_lean", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("building the lean binary: %v\n%s", err, out)
	}
	return bin
}

// TestLeanBuildLinksNoOPA: the hook binary's start-up is what an agent
// waits for on every tool call; it links none of OPA.
func TestLeanBuildLinksNoOPA(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-tags", "agentctl_lean", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if strings.Contains(string(out), "open-policy-agent") {
		t.Errorf("the lean build imports OPA:\n%s", grepLines(string(out), "open-policy-agent"))
	}
}

func grepLines(s, sub string) string {
	var keep []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

// TestLeanHookAnswersAsFull: for every agent, the lean binary answers each
// event byte for byte as the full binary does — a disguised deny, an ask,
// an allow, and a fault (a broken event).
func TestLeanHookAnswersAsFull(t *testing.T) {
	lean := leanBinary(t)
	cwd, managed := hookProject(t)
	// The tests run both evaluators, which the lean binary hands to the
	// full one: this test binary (never one found on PATH).
	full, _ := os.Executable()
	fullEnv := []string{FullBinaryEnv + "=" + full}
	// A deny, an ask and an allow for each agent (the full set of disguises
	// is TestHookFaultsFailClosed's and the e2e test's).
	for _, command := range []string{"find . -exec rm {} \\;", "$(echo rm) build", "ls -la"} {
		for agent, event := range hookEvents(cwd, command) {
			args := []string{"--agent", agent, "--managed-settings", managed}
			fo, fe, fc := hookProc(t, nil, event, nil, args...)
			lo, le, lc := hookProcOf(t, lean, nil, event, fullEnv, args...)
			if fo != lo || fe != le || fc != lc {
				t.Errorf("%s %q:\nfull %d %s %s\nlean %d %s %s", agent, command, fc, fo, fe, lc, lo, le)
			}
		}
	}
	fo, fe, fc := hookProc(t, nil, "{not json", nil, "--agent", "claude", "--managed-settings", managed)
	lo, le, lc := hookProcOf(t, lean, nil, "{not json", fullEnv, "--agent", "claude", "--managed-settings", managed)
	if fo != lo || fe != le || fc != lc || lc != 2 {
		t.Errorf("broken event:\nfull %d %s %s\nlean %d %s %s", fc, fo, fe, lc, lo, le)
	}
}

// TestLeanHookHandsOPAWorkToTheFullBinary: custom Rego modules and the
// rego/both evaluators need OPA, so the lean binary runs the full one on
// the same event; without a full binary it blocks (exit 2), never allows.
func TestLeanHookHandsOPAWorkToTheFullBinary(t *testing.T) {
	lean := leanBinary(t)
	cwd, managed := hookProject(t)
	pol := t.TempDir()
	os.WriteFile(filepath.Join(pol, "org.rego"), []byte("package agentctl.custom\n\ndeny contains \"no makes\" if {\n\tsome c in input.facts.commands\n\tc.wide.name == \"make\"\n}\n"), 0o644)
	full, _ := os.Executable()
	event := hookEvents(cwd, "make test")["claude"]
	args := []string{"--agent", "claude", "--managed-settings", managed, "--policy", pol}
	out, _, code := hookProcOf(t, lean, nil, event, []string{FullBinaryEnv + "=" + full}, args...)
	if code != 0 || !strings.Contains(out, `"permissionDecision":"deny"`) || !strings.Contains(out, "no makes") {
		t.Errorf("custom module through the full binary: %d %s", code, out)
	}
	fo, _, _ := hookProc(t, nil, event, []string{"AGENTCTL_EVALUATOR=both"}, "--agent", "claude", "--managed-settings", managed)
	lo, _, lc := hookProcOf(t, lean, nil, event, []string{FullBinaryEnv + "=" + full, "AGENTCTL_EVALUATOR=both"}, "--agent", "claude", "--managed-settings", managed)
	if lo != fo || lc != 0 {
		t.Errorf("evaluator both: lean %d %s, full %s", lc, lo, fo)
	}
	// No full binary anywhere: the agent's block.
	out, errOut, code := hookProcOf(t, lean, nil, event, []string{FullBinaryEnv + "=", "PATH=" + t.TempDir()}, args...)
	if code != 2 || out != "" || !strings.Contains(errOut, "no full agentctl binary found") {
		t.Errorf("without a full binary: %d %q %q", code, out, errOut)
	}
}
