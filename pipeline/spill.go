package pipeline

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"

	"github.com/agentctl/agentctl/tools"
)

// previewChars is how much of a spilled output the tool_result keeps.
const previewChars = 2000

var safeID = regexp.MustCompile(`[^A-Za-z0-9_.-]`)

// spill writes a text result longer than MaxResultChars whole to
// <session dir>/tool-results/<tool_use_id>.txt and replaces the content with
// a preview and that path. The file is byte-identical to the output.
func (s *Session) spill(b tools.Block) (tools.Block, error) {
	text, ok := b.Content.(string)
	if !ok || len([]rune(text)) <= s.cfg.MaxResultChars {
		return b, nil
	}
	dir := filepath.Join(s.cfg.SessionDir, "tool-results")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return b, err
	}
	path := filepath.Join(dir, safeID.ReplaceAllString(b.ToolUseID, "_")+".txt")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		return b, err
	}
	preview := []rune(text)[:previewChars]
	b.Content = fmt.Sprintf("%s\n\n… [output was %d characters; the whole output is saved at %s]", string(preview), len([]rune(text)), path)
	return b, nil
}
