package tools

import (
	"encoding/json"
	"fmt"
)

// Block is a tool_result content block as the Anthropic Messages API expects.
type Block struct {
	Type      string `json:"type"` // always "tool_result"
	ToolUseID string `json:"tool_use_id"`
	// Content is a string or a list of content blocks (text, image).
	Content any  `json:"content"`
	IsError bool `json:"is_error,omitempty"`
}

// ImageBlock is an image content block.
type ImageBlock struct {
	Type   string      `json:"type"` // "image"
	Source ImageSource `json:"source"`
}

// ImageSource is a base64 image.
type ImageSource struct {
	Type      string `json:"type"` // "base64"
	MediaType string `json:"media_type"`
	Data      string `json:"data"`
}

// textResult renders any result as a tool_result block: strings as they are,
// content blocks as a list, anything else as JSON text.
func textResult(r Result, id string) Block {
	b := Block{Type: "tool_result", ToolUseID: id, IsError: r.IsError}
	switch d := r.Data.(type) {
	case string:
		b.Content = d
	case []any, []ImageBlock:
		b.Content = d
	case nil:
		b.Content = ""
	default:
		out, err := json.Marshal(d)
		if err != nil {
			b.Content, b.IsError = fmt.Sprintf("unrenderable result: %v", err), true
		} else {
			b.Content = string(out)
		}
	}
	return b
}

// ErrorBlock is the tool_result for a call that failed or was refused.
func ErrorBlock(id, message string) Block {
	return Block{Type: "tool_result", ToolUseID: id, Content: message, IsError: true}
}
