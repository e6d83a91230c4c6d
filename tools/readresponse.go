package tools

import (
	"bytes"
	"io"
	"strings"
)

// lineCounter counts the newlines of everything read through it.
type lineCounter struct {
	r        io.Reader
	newlines int
}

func (c *lineCounter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.newlines += bytes.Count(p[:n], []byte{'\n'})
	return n, err
}

// readResponse is the tool_response Claude Code gives PostToolUse hooks for
// a text Read: {"type":"text","file":{filePath, content, numLines,
// startLine, totalLines}}. Like Claude Code it counts a file's lines as the
// pieces between newlines (so "a\n" has two, the second empty): lines are
// the range's lines as read, total the file's line count.
func readResponse(path string, lines []string, offset, limit, total int) map[string]any {
	num := max(0, min(total, offset-1+limit)-(offset-1))
	content := strings.Join(lines, "\n")
	if num > len(lines) && len(lines) > 0 { // the range ends with the empty piece after a final newline
		content += "\n"
	}
	return map[string]any{"type": "text", "file": map[string]any{"filePath": path, "content": content,
		"numLines": num, "startLine": offset, "totalLines": total}}
}
