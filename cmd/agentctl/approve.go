package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"strings"

	"github.com/agentctl/agentctl/internal/hookproto"
	"github.com/agentctl/agentctl/pipeline"
)

// commandApprover asks an external command (--permission-prompt-command),
// speaking the hook protocol: the call as JSON on stdin; on stdout
// {"behavior": "allow"|"deny", "message": …} or a hook's
// hookSpecificOutput (permissionDecision, or decision.behavior). Anything
// else is a denial.
type commandApprover struct {
	command   string
	sessionID string
}

func (a *commandApprover) Approve(ctx context.Context, req pipeline.AskRequest) (pipeline.Approval, error) {
	in, _ := json.Marshal(map[string]any{"session_id": a.sessionID, "cwd": req.Cwd, "permission_mode": req.Mode,
		"hook_event_name": "PermissionRequest", "tool_name": req.Use.Name, "tool_input": req.Use.Input,
		"tool_use_id": req.Use.ID, "reason": req.Decision.Reason})
	cmd := exec.CommandContext(ctx, "sh", "-c", a.command)
	cmd.Dir = req.Cwd
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return pipeline.Approval{Reason: "permission prompt command failed: " + strings.TrimSpace(stderr.String())}, nil
	}
	ans, err := hookproto.Parse(out)
	if err != nil {
		return pipeline.Approval{Reason: "permission prompt command printed no JSON answer"}, nil
	}
	behavior, msg := ans.Verdict()
	return pipeline.Approval{Allow: behavior == "allow", Always: ans.Always, Reason: msg}, nil
}

// ttyApprover asks the person at the terminal: allow once, always, or deny.
type ttyApprover struct {
	in  *bufio.Reader
	out io.Writer
}

func (a *ttyApprover) Approve(_ context.Context, req pipeline.AskRequest) (pipeline.Approval, error) {
	in, _ := json.Marshal(req.Use.Input)
	fmt.Fprintf(a.out, "\n%s %s\n  %s\nAllow? [y]es once / [a]lways this session / [n]o: ", req.Use.Name, in, req.Decision.Reason)
	line, err := a.in.ReadString('\n')
	if err != nil && line == "" {
		return pipeline.Approval{Reason: "no answer"}, nil
	}
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "y", "yes":
		return pipeline.Approval{Allow: true}, nil
	case "a", "always":
		return pipeline.Approval{Allow: true, Always: true}, nil
	}
	return pipeline.Approval{Reason: "denied at the prompt"}, nil
}
