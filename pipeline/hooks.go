package pipeline

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/agentctl/agentctl/internal/hookproto"
	"github.com/agentctl/agentctl/internal/proc"
	"github.com/agentctl/agentctl/settings"
)

// DefaultHookTimeout is Claude Code's hook timeout when a hook names none.
const DefaultHookTimeout = 600 * time.Second

// maxHookOutput bounds what is read of a hook's stdout and stderr.
const maxHookOutput = 1 << 20

// HookRunner runs settings hooks with the Claude Code hook protocol. It is
// safe for concurrent use.
type HookRunner struct {
	Hooks          []settings.Hook
	ProjectDir     string
	SessionID      string
	TranscriptPath string
	// PromptID is the prompt_id hooks get: Claude Code's id of the user
	// prompt the calls answer. A scripted session is one prompt; "" derives
	// a stable UUID from SessionID.
	PromptID string
	// Effort is the effort level hooks get as effort.level (the
	// effortLevel setting); "" is Claude Code's default, "medium".
	Effort string
	// DefaultTimeout overrides DefaultHookTimeout (tests).
	DefaultTimeout time.Duration
	// Skipped are hooks that must not run (an untrusted workspace's):
	// a call one of them matches gets "ask" in its place, never its answer.
	Skipped []settings.Hook
	// ManagedAllowOnly ignores an "allow" from any hook not in managed
	// settings (allowManagedPermissionRulesOnly): they may still deny or ask.
	ManagedAllowOnly bool
}

// HookOutcome is the combined answer of every hook that ran for one event.
type HookOutcome struct {
	Decision          string // allow, ask, deny or "" (none)
	Reason            string
	Blocked           bool // exit 2, or decision "block"
	UpdatedInput      map[string]any
	AdditionalContext []string
	Stop              bool // continue: false
	StopReason        string
	SystemMessages    []string
	// Errors are non-blocking failures (other exit codes, timeouts, bad
	// output): they never allow anything.
	Errors []string
	// unsure marks an answer that could not be read fully (a failure, an
	// unreadable or misaddressed output): while one hook's answer is
	// unknown, another hook's allow does not count.
	unsure bool
	// own marks the hook whose updatedInput combine applied.
	own bool
}

// Run runs the hooks of event that match toolName, in parallel, each
// identical command once, and combines their answers: deny > ask > allow.
func (h *HookRunner) Run(ctx context.Context, event, toolName string, payload map[string]any) HookOutcome {
	var cmds []settings.Hook
	var unread []bool // the hook's matcher could not be read: it runs for every tool
	var cannotRun []HookOutcome
	at := map[string]int{} // command → its index in cmds
	for _, hk := range h.Hooks {
		if hk.Event != event {
			continue
		}
		match, sure := matchHook(hk.Matcher, toolName)
		if !match {
			continue
		}
		if hk.Type != "command" {
			cannotRun = append(cannotRun, notCommand(hk))
			continue
		}
		if i, dup := at[hk.Command]; dup {
			// Identical commands run once: as the first (highest
			// precedence) entry, but with the longest timeout any of them
			// gives, so that a repository repeating the user's deny hook
			// with "timeout": 1 cannot make it time out.
			if h.timeout(hk) > h.timeout(cmds[i]) {
				cmds[i].Timeout = hk.Timeout
			}
			unread[i] = unread[i] && !sure
			continue
		}
		at[hk.Command] = len(cmds)
		cmds = append(cmds, hk)
		unread = append(unread, !sure)
	}
	skipped := append(h.skipped(event, toolName), cannotRun...)
	if len(cmds) == 0 {
		return combine(skipped)
	}
	stdin, err := h.input(event, toolName, payload)
	if err != nil {
		// As for a skipped hook: what the hooks would have answered is asked.
		msg := fmt.Sprintf("%s hooks could not be given their input: %v", event, err)
		return combine(append(skipped, HookOutcome{Decision: "ask", Reason: msg, Errors: []string{msg}}))
	}
	results := make([]HookOutcome, len(cmds))
	var wg sync.WaitGroup
	for i, hk := range cmds {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = h.runOne(ctx, event, hk, stdin)
			if unread[i] {
				results[i] = unreadMatcher(hk, results[i])
			}
			if h.ManagedAllowOnly && hk.Source != settings.PolicySettings && results[i].Decision == "allow" {
				results[i].Decision, results[i].Reason = "", ""
				results[i].Errors = append(results[i].Errors, fmt.Sprintf("hook %q (%s %s) answered allow, ignored: "+
					"allowManagedPermissionRulesOnly is set in managed settings", hk.Command, hk.Source, hk.Pos))
			}
		}()
	}
	wg.Wait()
	unchanged(results, payload)
	return combine(append(results, skipped...))
}

// input is a hook's stdin for event: the fields Claude Code sends every
// tool event (session_id, transcript_path, prompt_id, effort,
// hook_event_name, tool_name) and the event's own payload (cwd,
// permission_mode, tool_input …), in Claude Code's order.
func (h *HookRunner) input(event, toolName string, payload map[string]any) ([]byte, error) {
	promptID := h.PromptID
	if promptID == "" {
		promptID = stableUUID(h.SessionID, "prompt")
	}
	effort := h.Effort
	if effort == "" {
		effort = "medium"
	}
	in := map[string]any{"session_id": h.SessionID, "transcript_path": h.TranscriptPath, "prompt_id": promptID,
		"effort": map[string]any{"level": effort}, "hook_event_name": event, "tool_name": toolName}
	for k, v := range payload {
		in[k] = v
	}
	return hookproto.EncodeInput(in)
}

// stableUUID is a version-4-shaped UUID derived from a session id and a
// label: the same session gets the same id on every run.
func stableUUID(session, label string) string {
	h := sha256.Sum256([]byte(session + "\x00" + label))
	h[6] = h[6]&0x0f | 0x40
	h[8] = h[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", h[0:4], h[4:6], h[6:8], h[8:10], h[10:16])
}

// skipped answers "ask" for each skipped hook that would have run: what it
// would have answered is asked instead.
func (h *HookRunner) skipped(event, toolName string) []HookOutcome {
	var out []HookOutcome
	for _, hk := range h.Skipped {
		if match, _ := matchHook(hk.Matcher, toolName); hk.Event == event && match {
			out = append(out, HookOutcome{Decision: "ask",
				Reason: fmt.Sprintf("hook %q (%s %s) was skipped: %s", hk.Command, hk.Source, hk.Pos, hk.Skipped)})
		}
	}
	return out
}

var rank = map[string]int{"": 0, "allow": 1, "ask": 2, "deny": 3}

// combine folds the answers of the hooks that ran for one event: deny >
// ask > allow. An allow counts only when every answer could be read, and,
// when a hook rewrote the input, only from that hook: the others judged
// the input as it was (see rewrites).
func combine(rs []HookOutcome) HookOutcome {
	rs = rewrites(rs)
	var out HookOutcome
	unsure := false
	for _, r := range rs {
		unsure = unsure || r.unsure
	}
	var reasons []string
	for _, r := range rs {
		d := r.Decision
		if d == "allow" && unsure {
			out.Errors = append(out.Errors, "an allow did not count: another hook deferred or could not be read")
			d = ""
		}
		if rank[d] > rank[out.Decision] {
			out.Decision, reasons = d, nil
		}
		if d == out.Decision && d != "" && r.Reason != "" {
			reasons = append(reasons, r.Reason)
		}
		if r.Blocked {
			out.Blocked = true
		}
		if r.own {
			out.UpdatedInput = r.UpdatedInput
		}
		if r.Stop {
			out.Stop = true
			out.StopReason = strings.TrimSpace(out.StopReason + " " + r.StopReason)
		}
		out.AdditionalContext = append(out.AdditionalContext, r.AdditionalContext...)
		out.SystemMessages = append(out.SystemMessages, r.SystemMessages...)
		out.Errors = append(out.Errors, r.Errors...)
	}
	out.unsure = unsure
	out.Reason = strings.Join(reasons, "; ")
	return out
}

// timeout is how long hk may run: its own timeout, else the default.
func (h *HookRunner) timeout(hk settings.Hook) time.Duration {
	def := h.DefaultTimeout
	if def == 0 {
		def = DefaultHookTimeout
	}
	return hookTimeout(hk.Timeout, def)
}

func (h *HookRunner) runOne(ctx context.Context, event string, hk settings.Hook, stdin []byte) HookOutcome {
	timeout := h.timeout(hk)
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	// The hook runs in a process group of its own: a timeout or a cancelled
	// run kills everything it started, not only the shell.
	cmd := proc.Shell(ctx, hk.Command)
	cmd.Dir = h.ProjectDir
	cmd.Env = append(os.Environ(), "CLAUDE_PROJECT_DIR="+h.ProjectDir)
	cmd.Stdin = bytes.NewReader(stdin)
	stdout, stderr := proc.Capped{Max: maxHookOutput}, proc.Capped{Max: maxHookOutput}
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	name := fmt.Sprintf("hook %q (%s %s)", hk.Command, hk.Source, hk.Pos)
	// How the hook's own process ended decides, not Run's error: a child
	// holding its output open must not turn its exit 2 or its deny into a
	// timeout or a failure (hookExit).
	ex := exitOf(ctx, cmd, err)
	switch {
	case ex.ended && ex.code == 2:
		reason := strings.TrimSpace(stderr.String())
		if reason == "" {
			reason = "blocked by " + name
		}
		return HookOutcome{Blocked: true, Decision: "deny", Reason: reason}
	case ex.ended && ex.code != 0, !ex.ended && ctx.Err() == nil:
		return HookOutcome{unsure: true, Errors: []string{fmt.Sprintf("%s failed: %v: %s", name, err, firstLine(stderr.String()))}}
	case !ex.ended && ctx.Err() == context.DeadlineExceeded:
		return HookOutcome{unsure: true, Errors: []string{fmt.Sprintf("%s timed out after %v", name, timeout)}}
	case !ex.ended:
		return HookOutcome{unsure: true, Errors: []string{fmt.Sprintf("%s was cancelled: %v", name, context.Cause(ctx))}}
	}
	if stdout.Overflow {
		return HookOutcome{unsure: true, Decision: "ask", Reason: name + " printed more than 1 MiB: its answer could not be read",
			Errors: []string{name + " printed more than 1 MiB; its answer is asked instead"}}
	}
	o := readAnswer(event, stdout.Bytes())
	for i, e := range o.Errors {
		o.Errors[i] = name + " " + e
	}
	if ex.heldOpen {
		o = heldOpenAnswer(o, name)
	}
	return o
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
