package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os/exec"
	"strings"
	"time"

	"github.com/agentctl/agentctl/internal/hookproto"
	"github.com/agentctl/agentctl/internal/proc"
)

// classifierTimeout bounds the auto-mode classifier command.
const classifierTimeout = 60 * time.Second

// classify lets the auto-mode classifier (agentctl.autoClassifier, a command
// speaking the hook protocol) answer the fallback ask only. Explicit ask
// rules, what the tool stage asks (unresolved parts), safety checks and
// hooks still ask; a failing or skipped classifier leaves the ask.
func (e *Engine) classify(ctx context.Context, input map[string]any, d Decision) Decision {
	if d.Decision != Ask || d.Stage != StageDefault {
		return d
	}
	c := e.settings.AutoClassifier
	if c == nil {
		if why := e.settings.AutoClassifierSkipped; why != "" {
			d.Reason += " (auto mode: the classifier did not run: " + why + ")"
			return d
		}
		d.Reason += " (auto mode: no classifier configured in agentctl.autoClassifier)"
		return d
	}
	ctx, cancel := context.WithTimeout(ctx, classifierTimeout)
	defer cancel()
	stdin, _ := json.Marshal(map[string]any{
		"session_id": "", "transcript_path": "", "cwd": input["cwd"], "permission_mode": "auto",
		"hook_event_name": "PermissionRequest", "tool_name": input["tool"], "tool_input": input["input"],
	})
	// Its own process group (killed whole on timeout) and capped output:
	// the classifier is a command of the settings, not trusted to behave.
	cmd := proc.Command(ctx, "sh", "-c", c.Value)
	cmd.Dir, _ = input["cwd"].(string)
	cmd.Stdin = bytes.NewReader(stdin)
	stdout, stderr := &proc.Capped{Max: 1 << 20}, &proc.Capped{Max: 64 << 10}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit) && exit.ExitCode() == 2:
		d.Decision, d.Stage = Deny, StageMode
		d.Reason = "auto mode classifier blocked: " + strings.TrimSpace(stderr.String())
		return d
	case err != nil:
		d.Reason += " (auto mode classifier failed: " + err.Error() + ")"
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
		d.Decision, d.Stage, d.Reason = Allow, StageMode, "auto mode classifier allowed: "+reason
	case "deny", "block":
		d.Decision, d.Stage, d.Reason = Deny, StageMode, "auto mode classifier denied: "+reason
	}
	return d
}
