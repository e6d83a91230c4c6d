package pipeline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/internal/hookproto"
	"github.com/agentctl/agentctl/settings"
	"github.com/agentctl/agentctl/tools"
)

// red9Hook is one PreToolUse hook: its matcher, script body and timeout
// (seconds; 0 is the runner's default).
type red9Hook struct {
	matcher, body string
	timeout       int
}

// answer is a hook body printing raw JSON after reading its stdin.
func answer(raw string) string { return "cat > /dev/null; printf '%s\\n' '" + raw + "'" }

// red9Session is realSession with matchers and timeouts of the row's own.
func red9Session(t *testing.T, rules string, hooks []red9Hook) (*Session, string) {
	t.Helper()
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, ".claude"), 0o755)
	os.WriteFile(filepath.Join(dir, ".claude", "settings.json"), []byte(rules), 0o644)
	s, err := settings.Load(settings.Options{Cwd: dir, Home: t.TempDir(), ManagedFile: filepath.Join(dir, "none")})
	if err != nil {
		t.Fatal(err)
	}
	e, err := engine.New(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	var hs []settings.Hook
	for i, h := range hooks {
		p := "'" + script(t, dir, fmt.Sprintf("h%d", i), h.body) + "'"
		hs = append(hs, settings.Hook{Event: "PreToolUse", Matcher: h.matcher, Type: "command", Command: p, Timeout: h.timeout})
	}
	tc := &tools.Context{Cwd: dir, Mode: "default", SessionDir: dir}
	sess, err := NewSession(tc, e, WithPool([]tools.Tool{tools.NewBash(), tools.NewRead()}),
		WithHooks(&HookRunner{Hooks: hs, ProjectDir: dir, DefaultTimeout: 2 * time.Minute}))
	if err != nil {
		t.Fatal(err)
	}
	return sess, dir
}

// TestHookAnswersReadFailClosed: real hook scripts whose answers the
// protocol leaves open — odd letter case, contradicting fields, an answer
// for another event, JSON after a banner, a failing sibling, a rewrite
// another hook approved, continue: false, a matcher Go cannot compile, a
// timeout too large for a Duration. Each row's command is "echo hi" (an
// allow rule allows it) or "touch made" (it needs approval, and the
// session has no approver): ran says whether it executed.
func TestHookAnswersReadFailClosed(t *testing.T) {
	const rules = `{"permissions": {"allow": ["Bash(echo *)"], "deny": ["Bash(rm *)"]}}`
	pd := func(d string) string {
		return answer(`{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "` + d + `", "permissionDecisionReason": "said ` + d + `"}}`)
	}
	allow := red9Hook{"Bash", pd("allow"), 0}
	rewriteTouch := answer(`{"hookSpecificOutput": {"hookEventName": "PreToolUse", "updatedInput": {"command": "touch made"}}}`)
	tests := []struct {
		name    string
		hooks   []red9Hook
		command string
		ran     bool
		want    string
	}{
		// decision values
		{"Deny in title case denies", []red9Hook{{"Bash", pd("Deny"), 0}}, "echo hi", false, "said Deny"},
		{"DENY in capitals denies", []red9Hook{{"Bash", pd("DENY"), 0}}, "echo hi", false, "said DENY"},
		{"deny with spaces denies", []red9Hook{{"Bash", pd(" deny "), 0}}, "echo hi", false, "denied by PreToolUse hook"},
		{"ASK in capitals asks", []red9Hook{{"Bash", pd("ASK"), 0}}, "echo hi", false, "PreToolUse hook asks"},
		{"an unknown value asks", []red9Hook{{"Bash", pd("reject"), 0}}, "echo hi", false, "PreToolUse hook asks"},
		{"Allow in title case is not an allow", []red9Hook{{"Bash", pd("Allow"), 0}}, "touch made", false, "PreToolUse hook asks"},
		{"a top-level Block denies", []red9Hook{{"Bash", answer(`{"decision": "Block", "reason": "old style"}`), 0}}, "echo hi", false, "old style"},
		{"defer is no verdict", []red9Hook{{"Bash", pd("defer"), 0}}, "echo hi", true, "hi"},
		{"defer beside an allow voids the allow", []red9Hook{allow, {"Bash", pd("defer"), 0}}, "touch made", false, "requires approval"},
		// contradicting fields in one answer
		{"block beside permissionDecision allow denies", []red9Hook{{"Bash", answer(`{"decision": "block", "reason": "stop it", "hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow"}}`), 0}}, "touch made", false, "stop it"},
		{"decision.behavior deny beside permissionDecision allow denies", []red9Hook{{"Bash", answer(`{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow", "decision": {"behavior": "deny", "message": "behaviour says no"}}}`), 0}}, "touch made", false, "behaviour says no"},
		{"behavior ask beside approve asks", []red9Hook{{"Bash", answer(`{"decision": "approve", "behavior": "ask"}`), 0}}, "touch made", false, "PreToolUse hook asks"},
		// the event the answer names
		{"an allow for PostToolUse does not allow a PreToolUse", []red9Hook{{"Bash", answer(`{"hookSpecificOutput": {"hookEventName": "PostToolUse", "permissionDecision": "allow"}}`), 0}}, "touch made", false, "requires approval"},
		{"a deny for another event still denies", []red9Hook{{"Bash", answer(`{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "permissionDecision": "deny", "permissionDecisionReason": "misaddressed"}}`), 0}}, "echo hi", false, "misaddressed"},
		{"an updatedInput for another event is not applied", []red9Hook{{"Bash", answer(`{"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedInput": {"command": "touch made"}}}`), 0}}, "echo hi", true, "hi"},
		// JSON after other output
		{"a deny after a banner denies", []red9Hook{{"Bash", "echo 'Welcome to bash'; " + pd("deny"), 0}}, "echo hi", false, "said deny"},
		{"an ask after a log line asks", []red9Hook{{"Bash", "echo 'checking...'; " + pd("ask"), 0}}, "echo hi", false, "said ask"},
		{"an allow after a banner is not an allow", []red9Hook{{"Bash", "echo 'Welcome'; " + pd("allow"), 0}}, "touch made", false, "requires approval"},
		{"a deny line then an allow line denies", []red9Hook{{"Bash", pd("deny") + "; " + pd("allow"), 0}}, "echo hi", false, "said deny"},
		{"an updatedInput after a banner is not applied", []red9Hook{{"Bash", "echo hello; " + rewriteTouch, 0}}, "echo hi", true, "hi"},
		// an answer begun but unreadable
		{"invalid JSON asks even where a rule allows", []red9Hook{{"Bash", answer(`{"hookSpecificOutput": {"permissionDecision": "deny",}}`), 0}}, "echo hi", false, "could not be read"},
		{"JSON with trailing garbage asks", []red9Hook{{"Bash", answer(`{"continue": true} trailing`), 0}}, "echo hi", false, "could not be read"},
		{"more than 1 MiB asks", []red9Hook{{"Bash", `cat > /dev/null; head -c 2000000 /dev/zero | tr '\0' ' '; echo '{"hookSpecificOutput": {"permissionDecision": "deny"}}'`, 0}}, "echo hi", false, "could not be read"},
		// a failing sibling
		{"allow beside a crash does not allow", []red9Hook{allow, {"Bash", "exit 1", 0}}, "touch made", false, "requires approval"},
		{"allow beside invalid JSON does not allow", []red9Hook{allow, {"Bash", answer(`{"hookSpecificOutput":`), 0}}, "touch made", false, "requires approval"},
		{"allow beside a missing script does not allow", []red9Hook{allow, {"Bash", "exec /nonexistent/hook", 0}}, "touch made", false, "requires approval"},
		{"allow beside an unknown value asks", []red9Hook{allow, {"Bash", pd("maybe"), 0}}, "touch made", false, "PreToolUse hook asks"},
		// rewrites
		{"an allow does not carry another hook's rewrite", []red9Hook{allow, {"Bash", rewriteTouch, 0}}, "echo hi", false, "requires approval"},
		{"nor in the other order", []red9Hook{{"Bash", rewriteTouch, 0}, allow}, "echo hi", false, "requires approval"},
		{"two different rewrites ask", []red9Hook{{"Bash", rewriteTouch, 0}, {"Bash", answer(`{"hookSpecificOutput": {"hookEventName": "PreToolUse", "updatedInput": {"command": "echo other"}}}`), 0}}, "echo hi", false, "rewrote the input in different ways"},
		// continue: false
		{"continue false with allow does not run the call", []red9Hook{{"Bash", answer(`{"continue": false, "stopReason": "halt", "hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow"}}`), 0}}, "touch made", false, "stopped the session before this call ran: halt"},
		{"continue false alone does not run an allowed call", []red9Hook{{"Bash", answer(`{"continue": false}`), 0}}, "echo hi", false, "stopped the session"},
		// matchers Go cannot compile
		{"a lookahead matcher's deny hook still runs", []red9Hook{{"^(?!Read$).*", pd("deny"), 0}}, "echo hi", false, "said deny"},
		{"an unbalanced matcher's deny hook still runs", []red9Hook{{"Bash(", pd("deny"), 0}}, "echo hi", false, "said deny"},
		{"an unreadable matcher's allow does not count", []red9Hook{{"^(?!Read$).*", pd("allow"), 0}}, "touch made", false, "requires approval"},
		{"an unreadable matcher's rewrite is not applied", []red9Hook{{"(?<=x)", rewriteTouch, 0}}, "echo hi", true, "hi"},
		// timeouts
		{"a timeout too large for a Duration still waits for the deny", []red9Hook{{"Bash", pd("deny"), 9999999999}}, "echo hi", false, "said deny"},
		{"the largest int timeout still waits for the deny", []red9Hook{{"Bash", pd("deny"), int(^uint(0) >> 1)}}, "echo hi", false, "said deny"},
		// exit codes beside JSON
		{"exit 2 with an allow on stdout blocks", []red9Hook{{"Bash", pd("allow") + "; echo 'no' >&2; exit 2", 0}}, "echo hi", false, "no"},
		{"exit 2 with a rewrite on stdout blocks and rewrites nothing", []red9Hook{{"Bash", rewriteTouch + "; exit 2", 0}}, "echo hi", false, "denied by PreToolUse hook"},
		{"exit 1 with an allow on stdout does not allow", []red9Hook{{"Bash", pd("allow") + "; exit 1", 0}}, "touch made", false, "requires approval"},
		{"exit 3 with a rewrite on stdout rewrites nothing", []red9Hook{{"Bash", rewriteTouch + "; exit 3", 0}}, "echo hi", true, "hi"},
		// harmless neighbours
		{"one allow hook still answers the fallback", []red9Hook{allow}, "touch made", true, ""},
		{"two allow hooks still allow", []red9Hook{allow, {"Bash", pd("allow"), 0}}, "touch made", true, ""},
		{"a rewrite its own hook approves runs", []red9Hook{{"Bash", answer(`{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow", "updatedInput": {"command": "touch made"}}}`), 0}}, "echo hi", true, ""},
		{"two identical rewrites with an allow run", []red9Hook{{"Bash", answer(`{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow", "updatedInput": {"command": "touch made"}}}`), 0}, {"Bash", rewriteTouch, 0}}, "echo hi", true, ""},
		{"plain text output is no answer", []red9Hook{{"Bash", "echo 'all good'", 0}}, "echo hi", true, "hi"},
		{"an allow without hookEventName still allows", []red9Hook{{"Bash", answer(`{"hookSpecificOutput": {"permissionDecision": "allow"}}`), 0}}, "touch made", true, ""},
		{"a regex matcher Go reads still filters", []red9Hook{{"^Read$", pd("deny"), 0}}, "echo hi", true, "hi"},
		{"an exact matcher for another tool does not run", []red9Hook{{"Read", pd("deny"), 0}}, "echo hi", true, "hi"},
		{"continue true runs", []red9Hook{{"Bash", answer(`{"continue": true}`), 0}}, "echo hi", true, "hi"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, dir := red9Session(t, rules, tt.hooks)
			o := s.Dispatch(context.Background(), ToolUse{ID: "t", Name: "Bash", Input: map[string]any{"command": tt.command}})
			content := fmt.Sprint(o.Block.Content)
			_, statErr := os.Stat(filepath.Join(dir, "made"))
			if ran := !o.Block.IsError; ran != tt.ran || !tt.ran && statErr == nil {
				t.Errorf("ran = %v (made: %v), want %v; result %q; notices %q", ran, statErr == nil, tt.ran, content, o.Notices)
			}
			if !strings.Contains(content, tt.want) {
				t.Errorf("result %q does not mention %q; notices %q", content, tt.want, o.Notices)
			}
		})
	}
}

// TestHooksAgentctlCannotRunAsk: a matching hook of a type agentctl does
// not run ("prompt", "agent", "http", a misspelt "Command") was skipped
// without a word, its deny lost; it asks now. One that does not match the
// tool still stays out of the way.
func TestHooksAgentctlCannotRunAsk(t *testing.T) {
	dir := t.TempDir()
	deny := "'" + script(t, dir, "deny", answer(`{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny"}}`)) + "'"
	tests := []struct {
		typ, matcher, tool, want string
	}{
		{"Command", "Bash", "Bash", "ask"},
		{"prompt", "Bash", "Bash", "ask"},
		{"agent", "", "Read", "ask"},
		{"http", "Edit|Write", "Write", "ask"},
		{"", "Bash", "Bash", "ask"},
		{"prompt", "Read", "Bash", ""},
		{"command", "Bash", "Bash", "deny"},
	}
	for _, tt := range tests {
		h := &HookRunner{ProjectDir: dir, Hooks: []settings.Hook{{Event: "PreToolUse", Matcher: tt.matcher, Type: tt.typ, Command: deny}}}
		out := h.Run(context.Background(), "PreToolUse", tt.tool, map[string]any{"tool_input": map[string]any{}})
		if out.Decision != tt.want {
			t.Errorf("type %q matcher %q on %s: %+v, want %q", tt.typ, tt.matcher, tt.tool, out, tt.want)
		}
	}
}

// TestHookAllowUnderDontAsk: dontAsk runs only what rules or read-only
// detection allow (spec §6). A hook's allow answered its fallback there
// for Write (Bash was refused only by the exec-time check); it is denied
// now, by both evaluators. Allow rules and read-only calls still run.
func TestHookAllowUnderDontAsk(t *testing.T) {
	t.Setenv(engine.EvaluatorEnv, string(engine.EvalBoth))
	allow := []red9Hook{{"", answer(`{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow"}}`), 0}}
	tests := []struct {
		mode, tool string
		input      map[string]any
		ran        bool
	}{
		{"dontAsk", "Bash", map[string]any{"command": "touch made"}, false},
		{"dontAsk", "Read", map[string]any{"file_path": "/etc/hostname"}, false},
		{"dontAsk", "Bash", map[string]any{"command": "echo allowed by rule"}, true},
		{"dontAsk", "Bash", map[string]any{"command": "ls"}, true},
		{"default", "Bash", map[string]any{"command": "touch made"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.mode+" "+fmt.Sprint(tt.input), func(t *testing.T) {
			s, _ := red9Session(t, `{"permissions": {"allow": ["Bash(echo *)"]}}`, allow)
			s.tc.Mode = tt.mode
			o := s.Dispatch(context.Background(), ToolUse{ID: "t", Name: tt.tool, Input: tt.input})
			if ran := !o.Block.IsError; ran != tt.ran {
				t.Errorf("ran = %v, want %v: %v", ran, tt.ran, o.Block.Content)
			}
		})
	}
}

// TestVerdictStrictestField: the reader the approver and the auto-mode
// classifier share (hookproto.Verdict) takes the strictest decision field,
// reads deny and ask in any case and allow only as written.
func TestVerdictStrictestField(t *testing.T) {
	for _, tt := range []struct{ raw, want string }{
		{`{"behavior":"deny","hookSpecificOutput":{"permissionDecision":"allow"}}`, "deny"},
		{`{"decision":"block","hookSpecificOutput":{"permissionDecision":"allow"}}`, "deny"},
		{`{"behavior":"ask","decision":"approve"}`, "ask"},
		{`{"hookSpecificOutput":{"permissionDecision":"DENY"}}`, "deny"},
		{`{"hookSpecificOutput":{"permissionDecision":"Allow"}}`, "ask"},
		{`{"behavior":"yes"}`, "ask"},
		{`{"behavior":"allow"}`, "allow"},
		{`{"decision":"approve"}`, "allow"},
		{`{"hookSpecificOutput":{"decision":{"behavior":"allow"}}}`, "allow"},
		{`{}`, ""},
	} {
		o, err := hookproto.Parse([]byte(tt.raw))
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := o.Verdict(); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.raw, got, tt.want)
		}
	}
}

// TestPermissionRequestRewrite: a PermissionRequest hook that allows its
// own rewrite of the call (decision.updatedInput) approved the call as it
// stood, which it never allowed; its allow does not count now. An allow
// that echoes the input back unchanged, or carries none, still answers the
// fallback ask.
func TestPermissionRequestRewrite(t *testing.T) {
	tests := []struct {
		name, answer string
		ran          bool
	}{
		{"an allow of a rewrite", `{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "allow", "updatedInput": {"command": "touch other"}}}}`, false},
		{"an allow echoing the input", `{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "allow", "updatedInput": {"command": "touch made"}}}}`, true},
		{"a plain allow", `{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "allow"}}}`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sess, dir := realSession(t, `{}`, []hookScript{{"PermissionRequest", "pr", answer(tt.answer)}}, time.Minute)
			o := sess.Dispatch(context.Background(), ToolUse{ID: "1", Name: "Bash", Input: map[string]any{"command": "touch made"}})
			_, statErr := os.Stat(filepath.Join(dir, "made"))
			_, otherErr := os.Stat(filepath.Join(dir, "other"))
			if ran := !o.Block.IsError && statErr == nil; ran != tt.ran || otherErr == nil {
				t.Errorf("ran = %v, want %v (other made: %v): %v", ran, tt.ran, otherErr == nil, o.Block.Content)
			}
		})
	}
}

// TestEchoedInputIsNoRewrite: a PreToolUse hook that echoes the input back
// as updatedInput has not rewritten it: another hook's allow still stands.
func TestEchoedInputIsNoRewrite(t *testing.T) {
	echo := red9Hook{"Bash", answer(`{"hookSpecificOutput": {"hookEventName": "PreToolUse", "updatedInput": {"command": "touch made"}}}`), 0}
	allow := red9Hook{"Bash", answer(`{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow"}}`), 0}
	s, dir := red9Session(t, `{}`, []red9Hook{echo, allow})
	o := s.Dispatch(context.Background(), ToolUse{ID: "t", Name: "Bash", Input: map[string]any{"command": "touch made"}})
	if _, err := os.Stat(filepath.Join(dir, "made")); o.Block.IsError || err != nil {
		t.Errorf("an echoed input voided the allow: %v", o.Block.Content)
	}
}

// TestIdenticalHooksKeepTheLongestTimeout: identical commands run once. A
// repository (trusted, so its hooks run) that repeats the user's slow
// deny hook with "timeout": 1 sorted first and made the user's hook time
// out — a non-blocking error, so the call ran. The longest timeout counts
// now. Differing commands still each run.
func TestIdenticalHooksKeepTheLongestTimeout(t *testing.T) {
	dir := t.TempDir()
	slow := "'" + script(t, dir, "slow", "cat > /dev/null; sleep 2; "+
		`echo '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "slow no"}}'`) + "'"
	count := filepath.Join(dir, "count")
	counter := "'" + script(t, dir, "counter", "cat > /dev/null; echo x >> '"+count+"'") + "'"
	project := []settings.Hook{{Event: "PreToolUse", Matcher: "*", Type: "command", Command: slow, Timeout: 1, Source: settings.ProjectSettings}}
	user := []settings.Hook{{Event: "PreToolUse", Matcher: "Bash", Type: "command", Command: slow, Source: settings.UserSettings}}
	h := &HookRunner{ProjectDir: dir, Hooks: append(project, user...)}
	if out := h.Run(context.Background(), "PreToolUse", "Bash", map[string]any{"tool_input": map[string]any{}}); out.Decision != "deny" {
		t.Errorf("the user's deny hook was cut short: %+v", out)
	}
	h = &HookRunner{ProjectDir: dir, Hooks: []settings.Hook{
		{Event: "PreToolUse", Type: "command", Command: counter},
		{Event: "PreToolUse", Matcher: "Bash", Type: "command", Command: counter},
		{Event: "PreToolUse", Type: "command", Command: counter + " "},
	}}
	h.Run(context.Background(), "PreToolUse", "Bash", map[string]any{"tool_input": map[string]any{}})
	if b, _ := os.ReadFile(count); strings.Count(string(b), "x") != 2 {
		t.Errorf("ran %d times, want 2 (identical once, differing each)", strings.Count(string(b), "x"))
	}
}

// TestRepeatedHookEntryKeepsTheLongestTimeout: the settings merge keeps one
// of two identical entries (same event, matcher and command). The
// repository's copy with "timeout": 1 sorted before the user's and was the
// one kept, so the user's slow deny hook timed out and the call ran.
func TestRepeatedHookEntryKeepsTheLongestTimeout(t *testing.T) {
	dir, home := t.TempDir(), t.TempDir()
	slow := script(t, dir, "slow", "cat > /dev/null; sleep 2; "+
		`echo '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "slow no"}}'`)
	entry := func(timeout string) string {
		return `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "` + slow + `"` + timeout + `}]}]}}`
	}
	os.MkdirAll(filepath.Join(dir, ".claude"), 0o755)
	os.WriteFile(filepath.Join(dir, ".claude", "settings.json"), []byte(entry(`, "timeout": 1`)), 0o644)
	os.MkdirAll(filepath.Join(home, ".claude"), 0o755)
	os.WriteFile(filepath.Join(home, ".claude", "settings.json"), []byte(entry("")), 0o644)
	s, err := settings.Load(settings.Options{Cwd: dir, Home: home, ManagedFile: filepath.Join(dir, "none"), TrustWorkspace: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Hooks) != 1 || s.Hooks[0].Timeout != 0 {
		t.Fatalf("hooks %+v: want one entry with the default timeout", s.Hooks)
	}
	h := &HookRunner{ProjectDir: dir, Hooks: s.Hooks}
	if out := h.Run(context.Background(), "PreToolUse", "Bash", map[string]any{"tool_input": map[string]any{}}); out.Decision != "deny" {
		t.Errorf("the user's deny hook was cut short: %+v", out)
	}
}
