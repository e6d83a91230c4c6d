package pipeline

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/agentctl/agentctl/engine"
)

// ParseMessage decodes one assistant message (a scripted turn) and returns
// its tool_use blocks. A block that could be read as two different calls
// (a duplicate key, invalid UTF-8: engine.CheckJSON) is returned with
// Invalid set, so it is refused at the validate stage; such a problem
// outside every block makes the whole message an error.
func ParseMessage(raw []byte) (Message, []ToolUse, error) {
	var m Message
	if err := json.Unmarshal(raw, &m); err != nil {
		return m, nil, err
	}
	var blocks struct {
		Content []json.RawMessage `json:"content"`
	}
	if err := json.Unmarshal(raw, &blocks); err != nil {
		return m, nil, err
	}
	var uses []ToolUse
	blockProblem := false
	for i, b := range blocks.Content {
		if i >= len(m.Content) || m.Content[i]["type"] != "tool_use" {
			continue
		}
		use := toolUse(m.Content[i])
		if err := engine.CheckJSON(fmt.Sprintf("tool_use %s", use.ID), b); errors.Is(err, engine.ErrInvalidInput) {
			use.Invalid, blockProblem = err.Error(), true
		}
		uses = append(uses, use)
	}
	if err := engine.CheckJSON("message", raw); err != nil && !blockProblem {
		return m, nil, err
	}
	return m, uses, nil
}

func toolUse(b map[string]any) ToolUse {
	use := ToolUse{}
	use.ID, _ = b["id"].(string)
	use.Name, _ = b["name"].(string)
	use.Input, _ = b["input"].(map[string]any)
	return use
}
