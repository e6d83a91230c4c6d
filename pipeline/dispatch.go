package pipeline

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/agentctl/agentctl/bashparse"
	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/tools"
)

// AskRequest is a call the policy wants a person (or an approver) to answer.
type AskRequest struct {
	Use      ToolUse
	Decision engine.Decision
	Mode     string
	Cwd      string
}

// Approval answers an AskRequest.
type Approval struct {
	Allow  bool
	Always bool // allow this and every later identical call (a session rule)
	Reason string
}

// Approver answers asks: a person on a TTY, or an external command.
type Approver interface {
	Approve(ctx context.Context, req AskRequest) (Approval, error)
}

// ToolUse is one tool_use block.
type ToolUse struct {
	ID    string         `json:"id"`
	Name  string         `json:"name"`
	Input map[string]any `json:"input"`
	// Invalid says why the block's raw JSON is ambiguous (engine.CheckJSON):
	// such a call is refused at the validate stage.
	Invalid string `json:"-"`
}

// Denial is a call the permission stage refused, as stream-json reports it.
type Denial struct {
	ToolName  string         `json:"tool_name"`
	ToolUseID string         `json:"tool_use_id"`
	ToolInput map[string]any `json:"tool_input"`
}

// Outcome is the result of dispatching one call.
type Outcome struct {
	Block      tools.Block
	Stop       bool
	StopReason string
	Duration   time.Duration
	// Interrupted: the run was stopped (a signal, a closed stdout, a fatal
	// error) before or while this call ran; Block says which.
	Interrupted bool
	// Notices are what the call's hooks said for the person running the
	// session — systemMessage texts and hook failures (a hook that fails or
	// times out is reported, never silent).
	Notices []string
	// failed marks an error result; ran marks a call that was executed.
	// Only a Bash call that ran and failed aborts its siblings: a denial,
	// invalid input or a hook's block does not.
	failed   bool
	ran      bool
	modifier tools.ContextModifier
}

// hookNotices are a hook run's system messages and non-blocking errors.
func hookNotices(event string, h HookOutcome) []string {
	var out []string
	for _, m := range h.SystemMessages {
		out = append(out, event+" hook: "+m)
	}
	for _, e := range h.Errors {
		out = append(out, event+" hook error: "+e)
	}
	return out
}

func errorOutcome(id, msg string) Outcome {
	return Outcome{Block: tools.ErrorBlock(id, msg), failed: true}
}

// lookup finds and validates a call: the tool, then its schema and ValidateInput.
func (s *Session) lookup(use ToolUse) (tools.Tool, error) {
	t, ok := tools.Find(s.pool, use.Name)
	if !ok {
		return nil, fmt.Errorf("no such tool available: %s", use.Name)
	}
	if err := t.ValidateInput(use.Input, s.tc); err != nil {
		return t, errors.New(strings.TrimPrefix(err.Error(), tools.ErrInvalidInput.Error()+": "))
	}
	return t, nil
}

// Dispatch runs one call through the seven stages.
func (s *Session) Dispatch(ctx context.Context, use ToolUse) Outcome {
	tc := s.tc
	if use.Input == nil {
		use.Input = map[string]any{}
	}
	if use.Invalid != "" {
		return errorOutcome(use.ID, "<tool_use_error>InputValidationError: "+use.Invalid+"</tool_use_error>")
	}
	t, err := s.lookup(use)
	if err != nil {
		return errorOutcome(use.ID, "<tool_use_error>"+err.Error()+"</tool_use_error>")
	}
	pre := s.hooks.Run(ctx, "PreToolUse", use.Name, map[string]any{"cwd": tc.Cwd, "permission_mode": tc.Mode,
		"tool_input": use.Input, "tool_use_id": use.ID})
	out := Outcome{Stop: pre.Stop, StopReason: pre.StopReason, Notices: hookNotices("PreToolUse", pre)}
	if (pre.Decision == "deny" || pre.Blocked) && strings.TrimSpace(pre.Reason) == "" {
		pre.Reason = "(the hook gave no reason)"
	}
	if pre.Stop {
		return hookStopped(use.ID, out, pre)
	}
	if pre.UpdatedInput != nil {
		use.Input = pre.UpdatedInput
		if t, err = s.lookup(use); err != nil {
			o := errorOutcome(use.ID, "<tool_use_error>PreToolUse hook's updatedInput is invalid: "+err.Error()+"</tool_use_error>")
			o.Stop, o.StopReason, o.Notices = out.Stop, out.StopReason, out.Notices
			return o
		}
	}
	verdict := &engine.HookVerdict{Decision: "none"}
	if pre.Decision != "" {
		verdict = &engine.HookVerdict{Decision: pre.Decision, Reason: pre.Reason}
	}
	pin, pinned := pinPath(use.Name, use.Input, tc.Cwd)
	refused := s.permit(ctx, use, t.Analyze(use.Input), verdict)
	if refused == "" && pinned {
		if err := pin.check(); err != nil {
			s.deny(use)
			refused = "Permission to use " + use.Name + " was withdrawn: " + err.Error()
		}
	}
	if refused != "" {
		o := errorOutcome(use.ID, refused)
		o.Stop, o.StopReason, o.Notices = out.Stop, out.StopReason, out.Notices
		return o
	}
	callCtx := ctx
	if pinned {
		callCtx = tools.WithPinnedPath(ctx, pin.path, pin.leads) // opened as decided
	}
	start := time.Now()
	r, callErr := t.Call(callCtx, use.Input, tc, func(string) {})
	out.Duration = time.Since(start)
	out.modifier = r.ContextModifier
	if callErr != nil {
		r = tools.Result{Data: callErr.Error(), IsError: true}
	}
	var post HookOutcome
	postEvent := "PostToolUse"
	if callErr != nil || r.IsError {
		postEvent = "PostToolUseFailure"
		post = s.hooks.Run(ctx, "PostToolUseFailure", use.Name, map[string]any{"cwd": tc.Cwd,
			"permission_mode": tc.Mode, "tool_input": use.Input, "tool_use_id": use.ID,
			"error": fmt.Sprint(r.Data), "is_interrupt": errors.Is(ctx.Err(), context.Canceled),
			"duration_ms": out.Duration.Milliseconds()})
	} else {
		var resp any = r.Data
		if r.Response != nil {
			resp = r.Response // the object Claude Code sends (hooks read .tool_response.stdout)
		}
		post = s.hooks.Run(ctx, "PostToolUse", use.Name, map[string]any{"cwd": tc.Cwd, "permission_mode": tc.Mode,
			"tool_input": use.Input, "tool_use_id": use.ID, "tool_response": resp,
			"duration_ms": out.Duration.Milliseconds()})
	}
	out.Notices = append(out.Notices, hookNotices(postEvent, post)...)
	block := t.MapResult(r, use.ID)
	var notes []string
	if post.Blocked {
		notes = append(notes, "PostToolUse hook feedback: "+post.Reason)
	}
	notes = append(notes, pre.AdditionalContext...)
	notes = append(notes, post.AdditionalContext...)
	if len(notes) > 0 {
		block.Content = appendText(block.Content, strings.Join(notes, "\n"))
	}
	if post.Stop {
		out.Stop, out.StopReason = true, strings.TrimSpace(out.StopReason+" "+post.StopReason)
	}
	out.Block, err = s.spill(block)
	if err != nil {
		return errorOutcome(use.ID, "could not save the tool's output: "+err.Error())
	}
	out.failed, out.ran = block.IsError, true
	return out
}

// permit runs the permission stage; it returns "" to run the call, or the
// model-readable refusal. shell is the call's shell analysis (nil for tools that
// run no command): the engine reuses it instead of parsing again.
func (s *Session) permit(ctx context.Context, use ToolUse, shell *bashparse.Analysis, verdict *engine.HookVerdict) string {
	tc := s.tc
	d, err := s.dec.Decide(ctx, engine.Call{Tool: use.Name, Input: use.Input, Mode: tc.Mode, Cwd: tc.Cwd,
		Hook: verdict, Analysis: shell})
	d = planExit(use, tc.Mode, d)
	switch {
	case err != nil:
		s.deny(use)
		return "Permission check failed (failing closed): " + err.Error()
	case d.Decision == engine.Allow:
		return ""
	case d.Decision == engine.Deny:
		s.deny(use)
		return "Permission to use " + use.Name + " has been denied: " + d.Reason
	}
	req := AskRequest{Use: use, Decision: d, Mode: tc.Mode, Cwd: tc.Cwd}
	// As Claude Code sends it: suggestions (agentctl makes none here), no tool_use_id.
	pr := s.hooks.Run(ctx, "PermissionRequest", use.Name, map[string]any{"cwd": tc.Cwd, "permission_mode": tc.Mode,
		"tool_input": use.Input, "permission_suggestions": []any{}})
	switch {
	case pr.Stop:
		// continue: false outranks every decision: the session stops, and
		// the call it was asked about does not run.
		s.deny(use)
		return "Permission to use " + use.Name + " was refused: a PermissionRequest hook stopped the session: " + pr.StopReason
	case pr.Decision == "deny" || pr.Blocked:
		s.deny(use)
		return "Permission to use " + use.Name + " was denied by a PermissionRequest hook: " + pr.Reason
	case pr.Decision == "allow" && d.Stage == engine.StageDefault && pr.UpdatedInput == nil:
		// The same rule as a PreToolUse allow: a hook answers only the
		// fallback ask, never an ask rule, an unresolved part or a safety check.
		return ""
	case pr.Decision == "allow" && pr.UpdatedInput != nil:
		// It allowed its own rewrite of the call, which agentctl does not
		// apply here: the allow is not one for the call as it stands.
		d.Reason += "; a PermissionRequest hook allowed only a rewritten input (updatedInput), which is not applied"
		req.Decision = d
	}
	if s.approver == nil {
		s.deny(use)
		return fmt.Sprintf("This %s call requires approval, and no one can approve it in this session: %s. "+
			"An allow rule (--allowed-tools), a different --permission-mode, or --permission-prompt-command would be needed.",
			use.Name, d.Reason)
	}
	s.asking.Lock()
	a, err := s.approver.Approve(ctx, req)
	s.asking.Unlock()
	if err != nil || !a.Allow {
		s.deny(use)
		reason := a.Reason
		if err != nil {
			reason = "approver failed: " + err.Error()
		}
		return "Permission to use " + use.Name + " was not granted: " + strings.TrimSpace(d.Reason+"; "+reason)
	}
	if a.Always && s.rules != nil {
		if err := s.rules.Always(use.Name, use.Input); err != nil {
			return "could not record the session rule: " + err.Error()
		}
	}
	return ""
}

// appendText adds a note to a tool_result's content (string or blocks).
func appendText(content any, note string) any {
	switch c := content.(type) {
	case string:
		if c == "" {
			return note
		}
		return c + "\n\n" + note
	case []any:
		return append(c, map[string]any{"type": "text", "text": note})
	}
	b, _ := json.Marshal(content)
	return string(b) + "\n\n" + note
}
