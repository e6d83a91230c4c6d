package pipeline

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"strings"
)

// Line is one stream-json line of a session, as Claude Code's stream-json
// output and the Agent SDK's SDKMessage types shape it: "type" is system,
// assistant, user or result. The lines are the session's output contract:
// Run records each in the transcript and hands it to the output, which
// prints it as it is (JSON) or renders it for people.
//
// The lines carry every field the SDK marks required, so SDK consumers
// parse agentctl's output as Claude Code's. Values a scripted run has no
// source for are zero (usage, cost) or null.
type Line map[string]any

// stream writes one run's lines: a stable uuid each, recorded, then
// handed to the output. A line that cannot be encoded or recorded stops
// the run (fail); the transcript is still finished.
type stream struct {
	s     *Session
	fail  context.CancelCauseFunc
	lines int // lines written: each gets its own stable uuid
}

func (w *stream) emit(v Line) {
	if _, ok := v["uuid"]; !ok {
		w.lines++
		v["uuid"] = lineUUID(fmt.Sprint(v["session_id"]), w.lines)
	}
	b, err := json.Marshal(v)
	if err != nil {
		w.fail(fmt.Errorf("encoding a %v line: %w", v["type"], err))
		return
	}
	if w.s.transcript != nil {
		if err := w.s.transcript.WriteLine(b); err != nil {
			w.fail(err)
		}
	}
	if w.s.output != nil {
		w.s.output(v, b)
	}
}

// lineUUID is a stable UUID for line n of a session: golden files stay
// stable for a fixed session id, and no two lines share one.
func lineUUID(session string, n int) string {
	h := sha256.Sum256([]byte(fmt.Sprintf("%s\x00%d", session, n)))
	h[6] = h[6]&0x0f | 0x40 // version 4 layout
	h[8] = h[8]&0x3f | 0x80 // RFC 4122 variant
	return fmt.Sprintf("%x-%x-%x-%x-%x", h[0:4], h[4:6], h[6:8], h[8:10], h[10:16])
}

// zeroUsage is the usage object of a turn no model produced.
func zeroUsage() map[string]any {
	return map[string]any{"input_tokens": 0, "output_tokens": 0, "cache_creation_input_tokens": 0,
		"cache_read_input_tokens": 0}
}

// assistantMessage is a scripted assistant message with the fields an SDK
// message has (id, type, model, stop_reason, stop_sequence, usage).
func assistantMessage(m Message, session string, n int) map[string]any {
	id := m.ID
	if id == "" {
		id = "msg_" + strings.ReplaceAll(lineUUID(session, n), "-", "")[:24]
	}
	model := m.Model
	if model == "" {
		model = "scripted"
	}
	stop := m.StopReason
	if stop == "" {
		stop = "end_turn"
		if len(m.ToolUses()) > 0 {
			stop = "tool_use"
		}
	}
	return map[string]any{"id": id, "type": "message", "role": "assistant", "model": model, "content": m.Content,
		"stop_reason": stop, "stop_sequence": nil, "usage": zeroUsage()}
}

// toolUseResult is the user line's tool_use_result: the last call's result
// content, as Claude Code gives it.
func toolUseResult(outs []Outcome) any {
	if len(outs) == 0 {
		return nil
	}
	return outs[len(outs)-1].Block.Content
}
