package pipeline

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"
)

// ErrInterrupted is matched (errors.Is) by the cause of a run stopped from
// outside — a signal, a closed stdout — as opposed to one that failed: the
// result line then says is_interrupt.
var ErrInterrupted = errors.New("interrupted")

// Run plays a scripted session: an init line, then per turn the assistant
// message, the user line with its calls' results and the hooks' messages,
// and at the end a result line — each written as WithTranscript and
// WithOutput say. It stops early when a turn fails, a hook asks to stop,
// or ctx is cancelled (context.Cause says why: an error matching
// ErrInterrupted, or a failure such as a decision that could not be
// logged); a line that cannot be recorded stops it too. Background Bash
// jobs end with the run.
//
// Run returns nil; the interruption that stopped it (the first cause
// wins); or the failure that ended it, which the result line reports too.
func (s *Session) Run(ctx context.Context, sc *Script) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	out := &stream{s: s, fail: cancel}
	start := time.Now()
	id := s.tc.SessionID
	out.emit(s.initLine())
	turns := 0
	var failure error
	stopReason := ""
	for _, turn := range sc.Turns {
		if ctx.Err() != nil {
			break
		}
		turns++
		if s.progress != nil {
			s.progress(turns, len(sc.Turns), len(s.Denials()))
		}
		msg, outs, err := s.turn(ctx, turn)
		if err != nil {
			failure = err
		}
		if msg != nil {
			// Also after a failed stream: every call that started is recorded with its result.
			out.emit(Line{"type": "assistant", "message": assistantMessage(*msg, id, turns),
				"parent_tool_use_id": nil, "session_id": id})
			out.emit(Line{"type": "user", "message": map[string]any{"role": "user", "content": Blocks(outs)},
				"parent_tool_use_id": nil, "tool_use_result": toolUseResult(outs), "session_id": id})
			for _, o := range outs {
				for _, n := range o.Notices {
					out.emit(Line{"type": "system", "subtype": "hook_message", "tool_use_id": o.Block.ToolUseID,
						"message": n, "session_id": id})
				}
			}
		}
		if failure != nil {
			break
		}
		for _, o := range outs {
			if o.Stop {
				stopReason = strings.TrimSpace(o.StopReason)
				if stopReason == "" {
					stopReason = "a hook asked to stop"
				}
			}
		}
		if stopReason != "" {
			break
		}
	}
	s.tc.StopBackground()
	result := Line{"type": "result", "subtype": "success", "is_error": false,
		"duration_ms": time.Since(start).Milliseconds(), "duration_api_ms": 0, "num_turns": turns, "session_id": id,
		"permission_denials": s.Denials(), "result": "", "stop_reason": nil, "total_cost_usd": 0,
		"usage": zeroUsage(), "modelUsage": map[string]any{}}
	if stopReason != "" {
		result["stop_reason"] = stopReason
	}
	var cause error
	if ctx.Err() != nil {
		cause = context.Cause(ctx)
	}
	if cause != nil && failure == nil {
		failure = cause
	}
	if failure != nil {
		result["subtype"], result["is_error"], result["result"] = "error_during_execution", true, failure.Error()
	}
	interrupted := errors.Is(cause, ErrInterrupted)
	if interrupted {
		result["is_interrupt"] = true
	}
	out.emit(result)
	if interrupted {
		return cause
	}
	return failure
}

// initLine is the system line that opens a run.
func (s *Session) initLine() Line {
	var names []string
	for _, t := range s.pool {
		names = append(names, t.Name())
	}
	servers := []map[string]string{}
	for _, m := range s.servers {
		srv := map[string]string{"name": m.Name, "status": m.Status}
		if m.Error != "" {
			srv["error"] = m.Error
		}
		servers = append(servers, srv)
	}
	return Line{"type": "system", "subtype": "init", "cwd": s.tc.Cwd, "session_id": s.tc.SessionID,
		"tools": names, "mcp_servers": servers, "permissionMode": s.tc.Mode, "model": "scripted", "apiKeySource": "none",
		"claude_code_version": "agentctl " + s.version, "slash_commands": []string{}, "output_style": "default",
		"skills": []string{}, "plugins": []any{}, "agents": []string{}}
}

// turn plays one turn and returns the assistant message (nil when the
// turn could not be read at all), the outcomes of its calls, and the
// turn's own failure.
func (s *Session) turn(ctx context.Context, turn Turn) (*Message, []Outcome, error) {
	ex := s.NewExecutor(ctx)
	if turn.SSE == "" {
		m, uses, err := turn.parse(s.tc.Cwd)
		if err != nil {
			return nil, nil, err
		}
		for _, use := range uses {
			ex.Add(use)
		}
		return &m, ex.Wait(), nil
	}
	f, err := os.Open(turn.SSE)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	msg, err := ReadStream(f, ex.Add)
	outs := ex.Wait()
	if err != nil {
		err = fmt.Errorf("%s: %w", turn.SSE, err)
		if len(outs) == 0 {
			return nil, nil, err
		}
	}
	return &msg, outs, err
}
