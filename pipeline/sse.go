package pipeline

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/agentctl/agentctl/engine"
)

// Message is an Anthropic API assistant message.
type Message struct {
	ID         string           `json:"id,omitempty"`
	Type       string           `json:"type,omitempty"`
	Role       string           `json:"role"`
	Model      string           `json:"model,omitempty"`
	Content    []map[string]any `json:"content"`
	StopReason string           `json:"stop_reason,omitempty"`
}

// ToolUses extracts the message's tool_use blocks, keeping id, name and input.
func (m Message) ToolUses() []ToolUse {
	var out []ToolUse
	for _, b := range m.Content {
		if b["type"] != "tool_use" {
			continue
		}
		out = append(out, toolUse(b))
	}
	return out
}

// ReadStream reads a Messages API event stream (SSE) and calls onToolUse as
// soon as each tool_use block is complete, before the message ends. It
// returns the assembled message — also with an error, then holding the
// blocks that were complete (so every call already started is in it).
func ReadStream(r io.Reader, onToolUse func(ToolUse)) (msg Message, err error) {
	partial := map[int]*strings.Builder{}
	blocks := map[int]map[string]any{}
	invalid := map[int]string{}
	complete := map[int]bool{}
	var order []int
	defer func() {
		msg.Content = nil
		for _, i := range order {
			if err == nil || complete[i] {
				msg.Content = append(msg.Content, blocks[i])
			}
		}
		if msg.Role == "" {
			msg.Role = "assistant"
		}
	}()
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	var data strings.Builder
	line := 0
	flush := func() error {
		if data.Len() == 0 {
			return nil
		}
		raw := data.String()
		data.Reset()
		var ev struct {
			Type         string          `json:"type"`
			Index        int             `json:"index"`
			Message      Message         `json:"message"`
			ContentBlock map[string]any  `json:"content_block"`
			Delta        json.RawMessage `json:"delta"`
			Error        json.RawMessage `json:"error"`
		}
		if err := json.Unmarshal([]byte(raw), &ev); err != nil {
			return fmt.Errorf("line %d: event data is not JSON: %w", line, err)
		}
		if err := engine.CheckJSON(fmt.Sprintf("line %d", line), []byte(raw)); err != nil {
			if !strings.HasPrefix(ev.Type, "content_block_") {
				return fmt.Errorf("line %d: %w", line, err)
			}
			invalid[ev.Index] = err.Error() // the block it belongs to is refused
		}
		switch ev.Type {
		case "message_start":
			msg = ev.Message
			msg.Content = nil
		case "content_block_start":
			if _, dup := blocks[ev.Index]; dup || ev.ContentBlock == nil {
				return fmt.Errorf("line %d: block %d started twice or without content_block", line, ev.Index)
			}
			blocks[ev.Index] = ev.ContentBlock
			order = append(order, ev.Index)
			partial[ev.Index] = &strings.Builder{}
		case "content_block_delta":
			var d struct {
				Type        string `json:"type"`
				PartialJSON string `json:"partial_json"`
				Text        string `json:"text"`
			}
			if err := json.Unmarshal(ev.Delta, &d); err != nil {
				return fmt.Errorf("line %d: %w", line, err)
			}
			b, ok := blocks[ev.Index]
			if !ok {
				return fmt.Errorf("line %d: delta for unknown block %d", line, ev.Index)
			}
			switch d.Type {
			case "input_json_delta":
				partial[ev.Index].WriteString(d.PartialJSON)
			case "text_delta":
				t, _ := b["text"].(string)
				b["text"] = t + d.Text
			}
		case "content_block_stop":
			b, ok := blocks[ev.Index]
			if !ok || complete[ev.Index] {
				return fmt.Errorf("line %d: stop for unknown block %d", line, ev.Index)
			}
			if b["type"] != "tool_use" {
				complete[ev.Index] = true
			} else {
				input := map[string]any{}
				if s := partial[ev.Index].String(); s != "" {
					in, err := engine.DecodeInput(fmt.Sprintf("tool_use %v input", b["id"]), []byte(s))
					switch {
					case errors.Is(err, engine.ErrInvalidInput):
						invalid[ev.Index] = err.Error()
					case err != nil:
						return fmt.Errorf("line %d: tool_use %v input is not a JSON object: %w", line, b["id"], err)
					default:
						input = in
					}
				} else if in, ok := b["input"].(map[string]any); ok {
					input = in
				}
				b["input"] = input
				use := ToolUse{Input: input, Invalid: invalid[ev.Index]}
				use.ID, _ = b["id"].(string)
				use.Name, _ = b["name"].(string)
				complete[ev.Index] = true
				onToolUse(use)
			}
		case "message_delta":
			var d struct {
				StopReason string `json:"stop_reason"`
			}
			_ = json.Unmarshal(ev.Delta, &d)
			msg.StopReason = d.StopReason
		case "error":
			return fmt.Errorf("line %d: stream error: %s", line, ev.Error)
		}
		return nil
	}
	for sc.Scan() {
		line++
		l := sc.Text()
		switch {
		case l == "":
			if err := flush(); err != nil {
				return msg, err
			}
		case strings.HasPrefix(l, "data:"):
			data.WriteString(strings.TrimSpace(strings.TrimPrefix(l, "data:")))
		}
	}
	if err := flush(); err != nil {
		return msg, err
	}
	if err := sc.Err(); err != nil {
		return msg, err
	}
	return msg, nil
}
