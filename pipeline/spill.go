package pipeline

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/agentctl/agentctl/tools"
)

// previewChars is how much of a spilled output the tool_result keeps.
const previewChars = 2000

// spillDir is the session directory's folder for large results.
const spillDir = "tool-results"

// maxSpillName bounds a spill file's name (file systems allow 255 bytes).
const maxSpillName = 200

// spillName maps a tool_use id to a file name, injectively and readably:
// letters, digits, '_' and '-' stay; every other byte is %XX (so "x/1" is
// "x%2F1" and "x_1" stays "x_1"; "." and ".." cannot occur). A name longer
// than maxSpillName keeps a readable head and adds '~' and the SHA-256 of
// the id ('~' never occurs in an escaped name).
func spillName(id string) string {
	var b strings.Builder
	for i := 0; i < len(id); i++ {
		c := id[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '_', c == '-':
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	name := b.String()
	if name == "" {
		return "%"
	}
	if len(name) <= maxSpillName {
		return name
	}
	sum := sha256.Sum256([]byte(id))
	return name[:maxSpillName-65] + "~" + hex.EncodeToString(sum[:])
}

// spill writes a text result longer than MaxResultChars whole to
// <session dir>/tool-results/<escaped tool_use_id>.txt (0600, never through
// a symbolic link; a failed write leaves no file) and replaces the content
// with a preview and that path. The file is byte-identical to the output.
func (s *Session) spill(b tools.Block) (tools.Block, error) {
	text, ok := b.Content.(string)
	if !ok || len([]rune(text)) <= s.maxResultChars {
		return b, nil
	}
	dir, err := OpenSessionDir(s.tc.SessionDir)
	if err != nil {
		return b, err
	}
	defer dir.Close()
	path, err := dir.WriteNew(spillDir, spillName(b.ToolUseID), ".txt", []byte(text))
	if err != nil {
		return b, err
	}
	preview := []rune(text)[:previewChars]
	b.Content = fmt.Sprintf("%s\n\n… [output was %d characters; the whole output is saved at %s]", string(preview), len([]rune(text)), path)
	return b, nil
}
