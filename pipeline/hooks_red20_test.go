package pipeline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/settings"
)

// red20Row is a Bash call in a session with one PreToolUse hook: whether
// the call ran, and what its result says. "touch made" leaves a file, so
// a row wanting it run with no result text wants the file made, and every
// other row wants it absent.
type red20Row struct {
	name    string
	hook    red9Hook
	command string
	ran     bool
	want    string
}

// runRed20Rows dispatches each row in a session under rules.
func runRed20Rows(t *testing.T, rules string, rows []red20Row) {
	t.Helper()
	for _, tt := range rows {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s, dir := red9Session(t, rules, []red9Hook{tt.hook})
			o := s.Dispatch(context.Background(), ToolUse{ID: "t", Name: "Bash", Input: map[string]any{"command": tt.command}})
			content := fmt.Sprint(o.Block.Content)
			_, statErr := os.Stat(filepath.Join(dir, "made"))
			made := tt.ran && tt.want == ""
			if ran := !o.Block.IsError; ran != tt.ran || (statErr == nil) != made {
				t.Errorf("ran = %v (made: %v), want %v; result %q; notices %q", ran, statErr == nil, tt.ran, content, o.Notices)
			}
			if !strings.Contains(content, tt.want) {
				t.Errorf("result %q does not mention %q; notices %q", content, tt.want, o.Notices)
			}
		})
	}
}

// TestRed20HookChildHoldingOutput: a hook that starts a background process
// inheriting its stdout or stderr (a logger, a daemon started with "&")
// exits at once with its answer, but its output pipes stay open. Run then
// returned exec.ErrWaitDelay, or outlived a short timeout, and the hook's
// deny — printed as JSON or given as exit 2 — was read as a non-blocking
// failure or a timeout: the call it refused ran on the rules' allow. How
// the hook's own process ended decides now; of a hook whose output was
// held open, the deny and ask count, not the allow or the rewrite.
//
// Each row's command is "echo hi" (an allow rule allows it) or "touch made"
// (it needs approval, and the session has no approver). The child sleeps
// longer than proc.WaitDelay, so that it still holds the pipe when Run
// gives up waiting: that is the attack, not a synchronisation.
func TestRed20HookChildHoldingOutput(t *testing.T) {
	const rules = `{"permissions": {"allow": ["Bash(echo *)"]}}`
	pd := func(d string) string {
		return `cat > /dev/null; printf '%s\n' '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "` + d + `", "permissionDecisionReason": "said ` + d + `"}}'`
	}
	const (
		bgOut  = "sleep 4 & "       // a child holding stdout and stderr
		bgErr  = "sleep 4 >&2 & "   // only stderr
		bgSub  = "( sleep 4 & ) ; " // a grandchild, its parent gone
		bgNull = "sleep 4 >/dev/null 2>&1 & "
	)
	tests := []red20Row{
		// attacks: a deny, ask or block lost to the held pipe
		{"JSON deny beside a child holding stdout denies", red9Hook{"Bash", bgOut + pd("deny"), 0}, "echo hi", false, "said deny"},
		{"JSON ask beside a child holding stdout asks", red9Hook{"Bash", bgOut + pd("ask"), 0}, "echo hi", false, "PreToolUse hook asks"},
		{"JSON deny beside a child holding only stderr denies", red9Hook{"Bash", bgErr + pd("deny"), 0}, "echo hi", false, "said deny"},
		{"JSON deny beside a grandchild holding stdout denies", red9Hook{"Bash", bgSub + pd("deny"), 0}, "echo hi", false, "said deny"},
		{"JSON deny beside a held stdout and a short timeout denies", red9Hook{"Bash", bgOut + pd("deny"), 1}, "echo hi", false, "said deny"},
		{"exit 2 beside a held stdout and a short timeout blocks", red9Hook{"Bash", bgOut + "cat > /dev/null; echo 'not this' >&2; exit 2", 1}, "echo hi", false, "not this"},
		{"exit 2 beside a held stderr and a short timeout blocks", red9Hook{"Bash", bgErr + "cat > /dev/null; exit 2", 1}, "echo hi", false, "denied by PreToolUse hook"},
		{"a top-level block beside a held stdout denies", red9Hook{"Bash", bgOut + `cat > /dev/null; echo '{"decision": "block", "reason": "old style"}'`, 0}, "echo hi", false, "old style"},
		// what must not change, and the allow that no longer counts
		{"an allow beside a held stdout is not an allow", red9Hook{"Bash", bgOut + pd("allow"), 0}, "touch made", false, "requires approval"},
		{"a rewrite beside a held stdout is not applied", red9Hook{"Bash", bgOut + `cat > /dev/null; echo '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "updatedInput": {"command": "touch made"}}}'`, 0}, "echo hi", true, "hi"},
		{"plain text beside a held stdout is no answer", red9Hook{"Bash", bgOut + "echo 'logged'", 0}, "echo hi", true, "hi"},
		{"exit 1 beside a held stdout is a non-blocking error", red9Hook{"Bash", bgOut + "exit 1", 0}, "echo hi", true, "hi"},
		{"a hook that really times out is a non-blocking error", red9Hook{"Bash", "sleep 30", 1}, "echo hi", true, "hi"},
		{"a hook killed by a signal is a non-blocking error", red9Hook{"Bash", "kill -9 $$", 0}, "echo hi", true, "hi"},
		{"a detached child does not void an allow", red9Hook{"Bash", bgNull + pd("allow"), 0}, "touch made", true, ""},
		{"a detached child beside a deny denies", red9Hook{"Bash", bgNull + pd("deny"), 0}, "echo hi", false, "said deny"},
	}
	runRed20Rows(t, rules, tests)
}

// TestRed20HookFieldNameCase: Claude Code reads a hook's answer with
// JSON.parse and takes each field by its exact name; agentctl read it with
// Go's encoding/json, which matches names in any letter case, the last
// spelling winning. "permissionDecision": "deny" followed by
// "PermissionDecision": "allow" was a deny to Claude Code and an allow to
// agentctl; a lone "PermissionDecision": "allow", "Decision": "approve" or
// "HookSpecificOutput", which Claude Code ignores (it asks), approved the
// call; an "UpdatedInput" was applied. The answer is read by exact names
// now; a spelling in another case adds its deny or ask, never an allow.
func TestRed20HookFieldNameCase(t *testing.T) {
	const rules = `{"permissions": {"allow": ["Bash(echo *)"]}}`
	ans := func(raw string) red9Hook { return red9Hook{"Bash", answer(raw), 0} }
	tests := []red20Row{
		// attacks: an allow or a rewrite Claude Code does not read
		{"a deny then an allow in capitals denies", ans(`{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "said deny", "PermissionDecision": "allow"}}`), "echo hi", false, "said deny"},
		{"a deny then an allow in lower case denies", ans(`{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "said deny", "permissiondecision": "allow"}}`), "echo hi", false, "said deny"},
		{"a block then an approve in capitals denies", ans(`{"decision": "block", "reason": "old style", "Decision": "approve"}`), "echo hi", false, "old style"},
		{"PermissionDecision allow is not an allow", ans(`{"hookSpecificOutput": {"hookEventName": "PreToolUse", "PermissionDecision": "allow"}}`), "touch made", false, "requires approval"},
		{"Decision approve is not an allow", ans(`{"Decision": "approve"}`), "touch made", false, "requires approval"},
		{"HookSpecificOutput is not an allow", ans(`{"HookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow"}}`), "touch made", false, "requires approval"},
		{"Behavior allow is not an allow", ans(`{"Behavior": "allow"}`), "touch made", false, "requires approval"},
		{"an UpdatedInput is not applied", ans(`{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow", "UpdatedInput": {"command": "touch made"}}}`), "echo hi", true, "hi"},
		{"a deny line then a folded allow line among output denies", red9Hook{"Bash", "echo banner; " + answer(`{"hookSpecificOutput": {"permissionDecision": "deny", "permissionDecisionReason": "said deny", "PermissionDecision": "allow"}}`), 0}, "echo hi", false, "said deny"},
		// what must not change
		{"a deny in capitals still denies", ans(`{"hookSpecificOutput": {"hookEventName": "PreToolUse", "PERMISSIONDECISION": "deny"}}`), "echo hi", false, "denied by PreToolUse hook"},
		{"a Behavior deny beside an allow still denies", ans(`{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow", "decision": {"Behavior": "deny", "Message": "nested"}}}`), "touch made", false, "nested"},
		{"an exact allow still allows", ans(`{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow"}}`), "touch made", true, ""},
		{"an exact allow with an unknown member still allows", ans(`{"Foo": 1, "hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow", "Extra": "x"}}`), "touch made", true, ""},
		{"an exact rewrite its hook allows runs", ans(`{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow", "updatedInput": {"command": "touch made"}}}`), "echo hi", true, ""},
		{"a deny with invalid UTF-8 in its reason still denies", red9Hook{"Bash", `cat > /dev/null; printf '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "caf\351"}}\n'`, 0}, "echo hi", false, "denied by PreToolUse hook"},
	}
	runRed20Rows(t, rules, tests)
}

// TestRed20HookAnswerBOM: Claude Code trims a hook's stdout as JavaScript
// does before it looks for a JSON answer, and JavaScript's trim removes a
// byte order mark. A hook whose output began with one (a Windows editor's
// or PowerShell's UTF-8) answered deny to Claude Code (2.1.332, checked)
// and nothing to agentctl, whose TrimSpace keeps U+FEFF: the call the hook
// refused ran on the rules' allow. The BOM is trimmed now.
func TestRed20HookAnswerBOM(t *testing.T) {
	const rules = `{"permissions": {"allow": ["Bash(echo *)"]}}`
	const bom = `printf '\357\273\277'; `
	say := func(raw string) string { return `printf '%s\n' '` + raw + `'` }
	deny := say(`{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "said deny"}}`)
	hook := func(body string) red9Hook { return red9Hook{"Bash", "cat > /dev/null; " + body, 0} }
	tests := []red20Row{
		// attacks: an answer lost to a BOM
		{"a BOM before a deny denies", hook(bom + deny), "echo hi", false, "said deny"},
		{"a BOM before an ask asks", hook(bom + say(`{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask"}}`)), "echo hi", false, "PreToolUse hook asks"},
		{"a BOM before a top-level block denies", hook(bom + say(`{"decision": "block", "reason": "old style"}`)), "echo hi", false, "old style"},
		{"two BOMs and spaces before a deny deny", hook(bom + bom + `printf '  '; ` + deny), "echo hi", false, "said deny"},
		{"a BOM before a deny after a banner denies", hook(`echo banner; ` + bom + deny), "echo hi", false, "said deny"},
		{"a BOM before continue false stops", hook(bom + say(`{"continue": false, "stopReason": "halt"}`)), "echo hi", false, "halt"},
		// as Claude Code reads them
		{"a BOM before an allow allows, as in Claude Code", hook(bom + say(`{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow"}}`)), "touch made", true, ""},
		{"a BOM alone is no answer", hook(bom), "echo hi", true, "hi"},
		{"a BOM before plain text is no answer", hook(bom + `echo checked`), "echo hi", true, "hi"},
		{"a BOM in the reason still denies", hook(say(`{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "x` + "\ufeff" + `said deny"}}`)), "echo hi", false, "said deny"},
	}
	runRed20Rows(t, rules, tests)
}

// TestRed20ClassifierChildHoldingOutput: the auto-mode classifier is run
// like a hook and was read like one, from Run's error: a classifier that
// printed a deny while a child it started held its stdout open failed
// instead (exec.ErrWaitDelay), and its deny became the fallback ask, which
// an approver could answer. Its own exit decides now; an allow beside a
// held pipe does not count.
func TestRed20ClassifierChildHoldingOutput(t *testing.T) {
	tests := []struct {
		name, body string
		want       engine.Effect
	}{
		// the attack
		{"a deny beside a held stdout denies", `cat > /dev/null; sleep 4 & echo '{"hookSpecificOutput": {"permissionDecision": "deny"}}'`, engine.Deny},
		// what must stay
		{"exit 2 beside a held stderr blocks", `cat > /dev/null; sleep 4 >&2 & echo "too risky" >&2; exit 2`, engine.Deny},
		{"an allow beside a held stdout is not an allow", `cat > /dev/null; sleep 4 & echo '{"hookSpecificOutput": {"permissionDecision": "allow"}}'`, engine.Ask},
		{"an allow alone allows", `cat > /dev/null; echo '{"hookSpecificOutput": {"permissionDecision": "allow"}}'`, engine.Allow},
		{"exit 1 beside a held stdout asks", `cat > /dev/null; sleep 4 & exit 1`, engine.Ask},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			script := filepath.Join(t.TempDir(), "classify.sh")
			if err := os.WriteFile(script, []byte("#!/bin/sh\n"+tt.body+"\n"), 0o755); err != nil {
				t.Fatal(err)
			}
			s := loadProject(t, `{"agentctl": {"autoClassifier": "`+script+`"}}`, settings.Options{TrustWorkspace: true, PermissionMode: "auto"})
			if d := decideBash(t, chainFor(t, s), "make build", ""); d.Decision != tt.want {
				t.Errorf("%s/%s (%s), want %s", d.Decision, d.Stage, d.Reason, tt.want)
			}
		})
	}
}
