package pipeline

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/internal/hookproto"
	"github.com/agentctl/agentctl/internal/proc"
	"github.com/agentctl/agentctl/settings"
	"github.com/agentctl/agentctl/toolspec"
)

// classifierTimeout bounds the auto-mode classifier command.
const classifierTimeout = 60 * time.Second

// AutoClassifier is the middleware of auto mode (PERMISSIONS.md §6): the
// classifier of s (agentctl.autoClassifier, a command speaking the hook
// protocol) answers what the policy left as the fallback ask of a call in
// auto mode — only that. Explicit ask rules, what the tool stage asks
// (unresolved parts), safety checks and hooks still ask, and nothing the
// policy allowed or denied reaches the classifier. A failing or skipped
// classifier leaves the ask, and its reason says why. s is read here,
// once: the classifier, and the mode and cwd of a call that names none.
func AutoClassifier(s *settings.Settings) Middleware {
	c := classifier{skipped: s.AutoClassifierSkipped, mode: s.Mode.Value, cwd: s.Cwd}
	if s.AutoClassifier != nil {
		c.command = s.AutoClassifier.Value
	}
	return func(next DecideFunc) DecideFunc {
		return func(ctx context.Context, call engine.Call) (engine.Decision, error) {
			d, err := next(ctx, call)
			if err != nil || d.Decision != engine.Ask || d.Stage != engine.StageDefault || c.modeOf(call) != "auto" {
				return d, err
			}
			return c.answer(ctx, call, d), nil
		}
	}
}

// classifier is the auto-mode classifier of one set of settings.
type classifier struct {
	command string // "" when none is configured or it was dropped
	skipped string // why a configured classifier was dropped
	mode    string
	cwd     string
}

// modeOf is the permission mode the engine decided call in.
func (c classifier) modeOf(call engine.Call) string {
	if call.Mode != "" {
		return call.Mode
	}
	return c.mode
}

// answer runs the classifier on a fallback ask.
func (c classifier) answer(ctx context.Context, call engine.Call, d engine.Decision) engine.Decision {
	if c.command == "" {
		if c.skipped != "" {
			d.Reason += " (auto mode: the classifier did not run: " + c.skipped + ")"
			return d
		}
		d.Reason += " (auto mode: no classifier configured in agentctl.autoClassifier)"
		return d
	}
	cwd := c.cwd
	if call.Cwd != "" {
		cwd = call.Cwd
	}
	input := call.Input
	if input == nil {
		input = map[string]any{}
	}
	ctx, cancel := context.WithTimeout(ctx, classifierTimeout)
	defer cancel()
	stdin, _ := json.Marshal(map[string]any{
		"session_id": "", "transcript_path": "", "cwd": cwd, "permission_mode": "auto",
		"hook_event_name": "PermissionRequest", "tool_name": toolspec.Canonical(call.Tool), "tool_input": input,
	})
	// Its own process group (killed whole on timeout) and capped output:
	// the classifier is a command of the settings, not trusted to behave.
	cmd := proc.Shell(ctx, c.command)
	// It runs where its script was made a policy file (the session's
	// starting directory), not where an EnterWorktree moved the session: a
	// relative "./classify.sh" would name the worktree's copy there, which
	// the session may rewrite to approve itself.
	cmd.Dir = c.cwd
	cmd.Stdin = bytes.NewReader(stdin)
	stdout, stderr := &proc.Capped{Max: 1 << 20}, &proc.Capped{Max: 64 << 10}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	err := cmd.Run()
	// As for a hook (hookExit): how its own process ended decides, so a
	// child holding its output open cannot turn a block into a failure.
	ex := exitOf(ctx, cmd, err)
	switch {
	case ex.ended && ex.code == 2:
		d.Decision, d.Stage = engine.Deny, engine.StageMode
		d.Reason = "auto mode classifier blocked: " + strings.TrimSpace(stderr.String())
		return d
	case !ex.ended || ex.code != 0:
		d.Reason += fmt.Sprintf(" (auto mode classifier failed: %v)", err)
		return d
	}
	if stdout.Overflow {
		d.Reason += " (auto mode classifier printed more than 1 MiB)"
		return d
	}
	out, err := hookproto.Parse(stdout.Bytes())
	if err != nil {
		d.Reason += " (auto mode classifier printed no JSON decision)"
		return d
	}
	verdict, reason := out.Verdict()
	switch verdict {
	case "allow", "approve":
		if ex.heldOpen {
			d.Reason += " (auto mode classifier exited, but a process it started kept its output open: its allow does not count)"
			return d
		}
		d.Decision, d.Stage, d.Reason = engine.Allow, engine.StageMode, "auto mode classifier allowed: "+reason
	case "deny", "block":
		d.Decision, d.Stage, d.Reason = engine.Deny, engine.StageMode, "auto mode classifier denied: "+reason
	}
	return d
}
