//go:build !agentctl_lean

package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/agentctl/agentctl/internal/hookproto"
	"github.com/agentctl/agentctl/internal/proc"
	"github.com/agentctl/agentctl/pipeline"
)

// maxApproverOutput bounds what is kept of the approver's stdout and stderr,
// as for hooks.
const maxApproverOutput = 1 << 20

// commandApprover asks an external command (--permission-prompt-command),
// speaking the hook protocol: the call as JSON on stdin; on stdout
// {"behavior": "allow"|"deny", "message": …} or a hook's
// hookSpecificOutput (permissionDecision, or decision.behavior). Anything
// else — a failure, a timeout, more output than the cap — is a denial. The
// command runs in a process group of its own, killed when it times out or
// the run is interrupted.
type commandApprover struct {
	command   string
	sessionID string
	timeout   time.Duration
	// dir is where the command runs: the session's starting directory,
	// where its script was made a policy file (settings.CommandFiles) —
	// not the cwd an EnterWorktree moved to, where a relative
	// `tools/approve.sh` would name the worktree's copy, which the session
	// may rewrite. "" runs it in the call's cwd.
	dir string
}

func (a *commandApprover) Approve(ctx context.Context, req pipeline.AskRequest) (pipeline.Approval, error) {
	in, _ := json.Marshal(map[string]any{"session_id": a.sessionID, "cwd": req.Cwd, "permission_mode": req.Mode,
		"hook_event_name": "PermissionRequest", "tool_name": req.Use.Name, "tool_input": req.Use.Input,
		"tool_use_id": req.Use.ID, "reason": req.Decision.Reason})
	ctx, cancel := context.WithTimeout(ctx, a.timeout)
	defer cancel()
	cmd := proc.Shell(ctx, a.command)
	cmd.Dir = req.Cwd
	if a.dir != "" {
		cmd.Dir = a.dir
	}
	cmd.Stdin = bytes.NewReader(in)
	stdout, stderr := proc.Capped{Max: maxApproverOutput}, proc.Capped{Max: maxApproverOutput}
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return pipeline.Approval{Reason: fmt.Sprintf("permission prompt command timed out after %v", a.timeout)}, nil
	case ctx.Err() != nil:
		return pipeline.Approval{Reason: "permission prompt command was cancelled"}, nil
	case err != nil:
		return pipeline.Approval{Reason: "permission prompt command failed: " + strings.TrimSpace(stderr.String())}, nil
	case stdout.Overflow:
		return pipeline.Approval{Reason: fmt.Sprintf("permission prompt command printed more than %d bytes", maxApproverOutput)}, nil
	}
	ans, err := hookproto.Parse(stdout.Bytes())
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

// Approve asks on the terminal; an interrupted run stops waiting for the
// answer (the read itself cannot be cancelled, the run exits soon after).
func (a *ttyApprover) Approve(ctx context.Context, req pipeline.AskRequest) (pipeline.Approval, error) {
	in, _ := json.Marshal(req.Use.Input)
	fmt.Fprintf(a.out, "\n%s %s\n  %s\nAllow? [y]es once / [a]lways this session / [n]o: ",
		terminalText(req.Use.Name), in, terminalText(req.Decision.Reason))
	type answer struct {
		line string
		err  error
	}
	got := make(chan answer, 1)
	go func() {
		line, err := a.in.ReadString('\n')
		got <- answer{line, err}
	}()
	var line string
	select {
	case <-ctx.Done():
		return pipeline.Approval{Reason: "interrupted while asking"}, nil
	case ans := <-got:
		if ans.err != nil && ans.line == "" {
			return pipeline.Approval{Reason: "no answer"}, nil
		}
		line = ans.line
	}
	switch strings.ToLower(strings.TrimSpace(line)) {
	case "y", "yes":
		return pipeline.Approval{Allow: true}, nil
	case "a", "always":
		return pipeline.Approval{Allow: true, Always: true}, nil
	}
	return pipeline.Approval{Reason: "denied at the prompt"}, nil
}
