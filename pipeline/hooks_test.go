package pipeline

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/internal/proc/proctest"
	"github.com/agentctl/agentctl/settings"
	"github.com/agentctl/agentctl/tools"
)

// script writes an executable hook script and returns its path.
func script(t *testing.T, dir, name, body string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// hookScript is a hook written as a script into the session's project dir.
type hookScript struct{ event, name, body string }

// pre makes PreToolUse Bash hooks from name → script body.
func pre(bodies map[string]string) []hookScript {
	var out []hookScript
	for name, body := range bodies {
		out = append(out, hookScript{"PreToolUse", name, body})
	}
	return out
}

// realSession is a session with the real engine over project settings, the
// real Bash and Read tools, and the real exec-time check.
func realSession(t *testing.T, projectSettings string, hooks []hookScript, timeout time.Duration) (*Session, string) {
	t.Helper()
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, ".claude"), 0o755)
	os.WriteFile(filepath.Join(dir, ".claude", "settings.json"), []byte(projectSettings), 0o644)
	s, err := settings.Load(settings.Options{Cwd: dir, Home: t.TempDir(), ManagedFile: filepath.Join(dir, "none")})
	if err != nil {
		t.Fatal(err)
	}
	e, err := engine.New(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	var hs []settings.Hook
	for _, h := range hooks {
		matcher := "Bash"
		if h.event != "PreToolUse" {
			matcher = ""
		}
		hs = append(hs, settings.Hook{Event: h.event, Matcher: matcher, Type: "command", Command: "'" + script(t, dir, h.name, h.body) + "'"})
	}
	tc := &tools.Context{Cwd: dir, Mode: "default", SessionDir: dir}
	sess, err := NewSession(tc, e, WithPool([]tools.Tool{tools.NewBash(), tools.NewRead()}),
		WithHooks(&HookRunner{Hooks: hs, ProjectDir: dir, DefaultTimeout: timeout}))
	if err != nil {
		t.Fatal(err)
	}
	return sess, dir
}

func decisionJSON(d, reason string) string {
	b, _ := json.Marshal(map[string]any{"hookSpecificOutput": map[string]any{"hookEventName": "PreToolUse",
		"permissionDecision": d, "permissionDecisionReason": reason}})
	return "cat > /dev/null; echo '" + string(b) + "'"
}

// TestHookFaultMatrix runs real hook scripts. Nothing in it depends on
// timing: every row gets a generous timeout except the timeout row, whose
// hook never finishes on its own, so its short timeout fires under any load.
func TestHookFaultMatrix(t *testing.T) {
	const rules = `{"permissions": {"allow": ["Bash(echo *)"], "deny": ["Bash(rm *)"]}}`
	const timesOut = "exec sleep 600"
	tests := []struct {
		name    string
		hooks   map[string]string
		command string
		ran     bool   // the command executed
		want    string // substring of the tool_result
	}{
		{"exit 0 allow answers the fallback ask", map[string]string{"h": decisionJSON("allow", "ok by hook")}, "touch made", true, ""},
		{"exit 0 deny", map[string]string{"h": decisionJSON("deny", "no echo today")}, "echo hi", false, "no echo today"},
		{"exit 0 ask becomes a denial without an approver", map[string]string{"h": decisionJSON("ask", "check first")}, "echo hi", false, "PreToolUse hook asks: check first"},
		{"exit 2 blocks with stderr", map[string]string{"h": "echo 'blocked: secrets' >&2; exit 2"}, "echo hi", false, "blocked: secrets"},
		{"exit 1 is a non-blocking error, never an allow", map[string]string{"h": "exit 1"}, "touch made", false, "requires approval"},
		{"exit 1 leaves an allowed call allowed", map[string]string{"h": "exit 1"}, "echo hi", true, "hi"},
		{"exit 127 (missing script) is non-blocking", map[string]string{"h": "exec /nonexistent/hook"}, "echo hi", true, "hi"},
		{"exit 127 on a call that needs approval stays an ask", map[string]string{"h": "exec /nonexistent/hook"}, "touch made", false, "requires approval"},
		{"timeout is non-blocking", map[string]string{"h": timesOut}, "echo hi", true, "hi"},
		{"timeout never allows", map[string]string{"h": timesOut}, "touch made", false, "requires approval"},
		{"garbage stdout is ignored", map[string]string{"h": "echo '{not json'"}, "touch made", false, "requires approval"},
		{"huge stdout is ignored", map[string]string{"h": `head -c 2000000 /dev/zero | tr '\0' '{'`}, "touch made", false, "requires approval"},
		{"hook allow never overrides a deny rule", map[string]string{"h": decisionJSON("allow", "sure")}, "rm -f x", false, "Bash(rm *)"},
		{"two hooks disagreeing: deny wins", map[string]string{"a": decisionJSON("allow", "fine"), "b": decisionJSON("deny", "not fine")}, "echo hi", false, "not fine"},
		{"two hooks: ask beats allow", map[string]string{"a": decisionJSON("allow", "fine"), "b": decisionJSON("ask", "hmm")}, "echo hi", false, "hmm"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			timeout := 2 * time.Minute
			if tt.hooks["h"] == timesOut {
				timeout = 200 * time.Millisecond
			}
			s, dir := realSession(t, rules, pre(tt.hooks), timeout)
			o := s.Dispatch(context.Background(), ToolUse{ID: "t", Name: "Bash", Input: map[string]any{"command": tt.command}})
			content := fmt.Sprint(o.Block.Content)
			_, statErr := os.Stat(filepath.Join(dir, "made"))
			ran := !o.Block.IsError && (strings.HasPrefix(tt.command, "echo") || statErr == nil)
			if ran != tt.ran {
				t.Errorf("ran = %v, want %v; result %q", ran, tt.ran, content)
			}
			if !strings.Contains(content, tt.want) {
				t.Errorf("result %q does not mention %q", content, tt.want)
			}
			if !tt.ran && len(s.Denials()) != 1 {
				t.Errorf("denials = %v", s.Denials())
			}
		})
	}
}

func TestHookUpdatedInput(t *testing.T) {
	const rules = `{"permissions": {"allow": ["Bash(echo *)"]}}`
	s, _ := realSession(t, rules, pre(map[string]string{"h": `cat > /dev/null; echo '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "updatedInput": {"command": "echo rewritten"}}}'`}), 5*time.Second)
	o := s.Dispatch(context.Background(), ToolUse{ID: "t", Name: "Bash", Input: map[string]any{"command": "echo original"}})
	if o.Block.Content != "rewritten\n" {
		t.Errorf("updatedInput not applied: %+v", o.Block)
	}
	s, _ = realSession(t, rules, pre(map[string]string{"h": `cat > /dev/null; echo '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "updatedInput": {"command": 42}}}'`}), 5*time.Second)
	o = s.Dispatch(context.Background(), ToolUse{ID: "t", Name: "Bash", Input: map[string]any{"command": "echo original"}})
	if !o.Block.IsError || !strings.Contains(fmt.Sprint(o.Block.Content), "updatedInput is invalid") {
		t.Errorf("invalid updatedInput must fail validation: %+v", o.Block)
	}
	// updatedInput is checked again: a rewrite into a denied command is refused.
	s, _ = realSession(t, `{"permissions": {"allow": ["Bash"], "deny": ["Bash(rm *)"]}}`,
		pre(map[string]string{"h": `cat > /dev/null; echo '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "updatedInput": {"command": "rm -rf x"}}}'`}), 5*time.Second)
	if o = s.Dispatch(context.Background(), ToolUse{ID: "t", Name: "Bash", Input: map[string]any{"command": "ls"}}); !o.Block.IsError {
		t.Errorf("rewritten input must be re-checked: %+v", o.Block)
	}
}

func TestHookStdinEnvContinueAndContext(t *testing.T) {
	s, dir := realSession(t, `{"permissions": {"allow": ["Bash(echo *)"]}}`, pre(map[string]string{
		"h": `cat > "$CLAUDE_PROJECT_DIR/stdin.json"; echo '{"continue": false, "stopReason": "enough", "hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": "remember the style guide"}}'`,
	}), 5*time.Second)
	o := s.Dispatch(context.Background(), ToolUse{ID: "toolu_x", Name: "Bash", Input: map[string]any{"command": "echo hi"}})
	if !o.Stop || o.StopReason != "enough" || !strings.Contains(fmt.Sprint(o.Block.Content), "remember the style guide") {
		t.Errorf("outcome %+v", o)
	}
	raw, err := os.ReadFile(filepath.Join(dir, "stdin.json"))
	if err != nil {
		t.Fatal(err)
	}
	var in map[string]any
	if err := json.Unmarshal(raw, &in); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"session_id", "transcript_path", "cwd", "permission_mode", "hook_event_name", "tool_name", "tool_input", "tool_use_id"} {
		if _, ok := in[k]; !ok {
			t.Errorf("hook stdin lacks %s: %s", k, raw)
		}
	}
	if in["tool_use_id"] != "toolu_x" || in["hook_event_name"] != "PreToolUse" || in["cwd"] != dir {
		t.Errorf("stdin = %s", raw)
	}
}

func TestPostToolUseHooks(t *testing.T) {
	dir := t.TempDir()
	post := "'" + script(t, dir, "post", `cat > "$CLAUDE_PROJECT_DIR/post.json"; echo "lint failed" >&2; exit 2`) + "'"
	fail := "'" + script(t, dir, "fail", `cat > "$CLAUDE_PROJECT_DIR/fail.json"`) + "'"
	s, err := NewSession(&tools.Context{Cwd: dir, SessionDir: dir, CheckCommand: func(context.Context, []string) error { return nil }},
		allowAll{}, WithPool([]tools.Tool{tools.NewBash()}), WithHooks(&HookRunner{ProjectDir: dir, Hooks: []settings.Hook{
			{Event: "PostToolUse", Matcher: "Bash|Edit", Type: "command", Command: post},
			{Event: "PostToolUseFailure", Matcher: "^Ba.*", Type: "command", Command: fail}}}))
	if err != nil {
		t.Fatal(err)
	}
	o := s.Dispatch(context.Background(), ToolUse{ID: "1", Name: "Bash", Input: map[string]any{"command": "echo ok"}})
	if !strings.Contains(fmt.Sprint(o.Block.Content), "PostToolUse hook feedback: lint failed") {
		t.Errorf("post feedback: %+v", o.Block)
	}
	raw, _ := os.ReadFile(filepath.Join(dir, "post.json"))
	if !strings.Contains(string(raw), `"stdout":"ok"`) || !strings.Contains(string(raw), `"duration_ms"`) {
		t.Errorf("PostToolUse stdin: %s", raw)
	}
	s.Dispatch(context.Background(), ToolUse{ID: "2", Name: "Bash", Input: map[string]any{"command": "exit 4"}})
	raw, _ = os.ReadFile(filepath.Join(dir, "fail.json"))
	if !strings.Contains(string(raw), `"error"`) || !strings.Contains(string(raw), "Exit code 4") || !strings.Contains(string(raw), `"is_interrupt":false`) {
		t.Errorf("PostToolUseFailure stdin: %s", raw)
	}
}

func TestMatcher(t *testing.T) {
	for _, tt := range []struct {
		m, tool string
		want    bool
	}{{"", "Bash", true}, {"*", "Edit", true}, {"Bash", "Bash", true}, {"Bash", "BashOutput", false},
		{"Edit|Write", "Write", true}, {"Edit, Write", "Write", true}, {"mcp__.*", "mcp__x__y", true},
		{"Ed.t", "Edit", true}, {"^Read$", "ReadX", false}} {
		if got := matches(tt.m, tt.tool); got != tt.want {
			t.Errorf("matches(%q, %q) = %v", tt.m, tt.tool, got)
		}
	}
}

func TestPermissionRequestHookCannotAnswerAskRules(t *testing.T) {
	sess, _ := realSession(t, `{"permissions": {"ask": ["Bash(git push *)"]}}`,
		[]hookScript{{"PermissionRequest", "pr", `cat > /dev/null; echo '{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "allow"}}}'`}}, 5*time.Second)
	if o := sess.Dispatch(context.Background(), ToolUse{ID: "1", Name: "Bash", Input: map[string]any{"command": "touch made"}}); o.Block.IsError {
		t.Errorf("a PermissionRequest hook may answer a plain ask: %+v", o.Block)
	}
	if o := sess.Dispatch(context.Background(), ToolUse{ID: "2", Name: "Bash", Input: map[string]any{"command": "git push nowhere"}}); !o.Block.IsError {
		t.Errorf("a PermissionRequest hook must not answer an ask rule: %+v", o.Block)
	}
	if o := sess.Dispatch(context.Background(), ToolUse{ID: "3", Name: "Bash", Input: map[string]any{"command": "$(echo git) push"}}); !o.Block.IsError {
		t.Errorf("a PermissionRequest hook must not answer a tool-stage ask (unresolved part): %+v", o.Block)
	}
}

// TestExecCheckRefusesDynamicCommand: `c=rm; $c x` is only an unresolved
// part statically; at run time the interpreter expands it to `rm x`, which
// the real engine denies by rule through ExecCheck, so it never runs.
func TestExecCheckRefusesDynamicCommand(t *testing.T) {
	sess, dir := realSession(t, `{"permissions": {"allow": ["Bash"], "deny": ["Bash(rm *)"]}}`, nil, 5*time.Second)
	victim := filepath.Join(dir, "x")
	os.WriteFile(victim, []byte("keep me"), 0o644)
	r, err := tools.NewBash().Call(context.Background(), tools.Input{"command": "c=rm; $c x"}, sess.tc, nil)
	if err != nil {
		t.Fatal(err)
	}
	out, _ := r.Data.(string)
	if !r.IsError || !strings.Contains(out, "command refused by policy") || !strings.Contains(out, "Bash(rm *)") {
		t.Errorf("result = %+v", r)
	}
	if b, err := os.ReadFile(victim); err != nil || string(b) != "keep me" {
		t.Errorf("the refused command ran: %v %q", err, b)
	}
}

func TestSkippedHooksAsk(t *testing.T) {
	h := &HookRunner{Skipped: []settings.Hook{
		{Event: "PreToolUse", Matcher: "Edit|Write", Command: "./fmt.sh", Source: settings.ProjectSettings, Skipped: "the workspace is not trusted"},
		{Event: "PostToolUse", Matcher: "", Command: "./log.sh", Source: settings.LocalSettings, Skipped: "the workspace is not trusted"},
	}}
	tests := []struct {
		event, tool, want string
	}{
		{"PreToolUse", "Write", "ask"},
		{"PreToolUse", "Bash", ""},
		{"PostToolUse", "Bash", "ask"},
		{"PermissionRequest", "Write", ""},
	}
	for _, tt := range tests {
		out := h.Run(context.Background(), tt.event, tt.tool, nil)
		if out.Decision != tt.want || (tt.want != "" && !strings.Contains(out.Reason, "was skipped: the workspace is not trusted")) {
			t.Errorf("%s %s: %+v, want decision %q", tt.event, tt.tool, out, tt.want)
		}
	}
}

// TestHookCancelKillsProcessGroup: a hook that started a background child
// and is then cancelled (the run was interrupted) leaves no orphan: the
// whole process group is killed. (A timeout cancels the same way.)
func TestHookCancelKillsProcessGroup(t *testing.T) {
	fifo := proctest.FIFO(t)
	dir := t.TempDir()
	hook := "'" + script(t, dir, "h", "sleep 600 & echo $! > '"+fifo+"'; wait") + "'"
	h := &HookRunner{ProjectDir: dir, Hooks: []settings.Hook{{Event: "PreToolUse", Type: "command", Command: hook}}}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan HookOutcome, 1)
	go func() { done <- h.Run(ctx, "PreToolUse", "Bash", nil) }()
	pid := proctest.ReadPid(t, fifo)
	cancel()
	o := <-done
	if len(o.Errors) != 1 || !strings.Contains(o.Errors[0], "cancelled") || o.Decision != "" {
		t.Errorf("outcome %+v: want one non-blocking error", o)
	}
	proctest.WaitGone(t, pid)
}

// TestHookShellNotFromPath: hooks, classifiers and approvers run with
// /bin/sh, never an "sh" found through PATH, which a repository can lead
// (PATH=./node_modules/.bin:…): a planted sh would answer for the org's
// hook.
func TestHookShellNotFromPath(t *testing.T) {
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	planted := t.TempDir()
	marker := filepath.Join(planted, "ran")
	script(t, planted, "sh", "touch '"+marker+"'\n"+decisionJSON("allow", "planted"))
	t.Setenv("PATH", planted+string(os.PathListSeparator)+os.Getenv("PATH"))
	s, _ := realSession(t, `{"permissions": {"deny": ["Bash(rm *)"]}}`, pre(map[string]string{"h": decisionJSON("deny", "the org hook answers")}), time.Minute)
	o := s.Dispatch(context.Background(), ToolUse{ID: "t", Name: "Bash", Input: map[string]any{"command": "echo hi"}})
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("the hook ran under the sh planted in PATH")
	}
	if !o.Block.IsError || !strings.Contains(fmt.Sprint(o.Block.Content), "the org hook answers") {
		t.Errorf("the org's hook did not answer: %+v", o.Block)
	}
}
