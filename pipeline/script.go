package pipeline

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
)

// Script is a scripted session (agentctl run): JSONL, each line an
// Anthropic API assistant message with tool_use blocks, or the path of a
// recorded .sse event stream, one per turn. A line
// {"type":"session","cwd":"DIR"} sets the session's cwd.
type Script struct {
	// Cwd is the cwd a session header named (a relative one joined to
	// the script's directory), or "".
	Cwd   string
	Turns []Turn
}

// Turn is one turn of a script: a recorded stream, or the raw JSON of an
// assistant message (${CWD} stands for the session's cwd).
type Turn struct {
	SSE     string // the stream's path, a relative one joined to the script's directory
	Message string
}

// ReadScript reads a script from r. path names it in errors ("-" for
// stdin); relative stream paths and a header's cwd are taken from the
// directory of path (the current one for stdin).
func ReadScript(r io.Reader, path string) (*Script, error) {
	sc := &Script{}
	dir := "."
	if path != "-" {
		dir = filepath.Dir(path)
	}
	s := bufio.NewScanner(r)
	s.Buffer(make([]byte, 1<<20), 64<<20)
	for n := 1; s.Scan(); n++ {
		line := strings.TrimSpace(s.Text())
		if line == "" {
			continue
		}
		if !strings.HasPrefix(line, "{") {
			sc.Turns = append(sc.Turns, Turn{SSE: fromScript(dir, line)})
			continue
		}
		var head struct {
			Type string `json:"type"`
			Role string `json:"role"`
			Cwd  string `json:"cwd"`
		}
		if err := json.Unmarshal([]byte(line), &head); err != nil {
			return nil, fmt.Errorf("%s:%d: expected an assistant message or a .sse path: %w", path, n, err)
		}
		if head.Type == "session" {
			sc.Cwd = fromScript(dir, head.Cwd)
			continue
		}
		if head.Role != "assistant" {
			return nil, fmt.Errorf("%s:%d: expected role \"assistant\", got %q", path, n, head.Role)
		}
		sc.Turns = append(sc.Turns, Turn{Message: line})
	}
	return sc, s.Err()
}

// fromScript is p as the script at dir names it: a relative path is taken
// from the script's directory, an absolute one as it is (joined, the
// session's /tmp/proj became DIR/tmp/proj).
func fromScript(dir, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(dir, p)
}

// parse decodes a message turn after substituting ${CWD}; a tool_use
// block whose JSON is ambiguous comes back marked invalid.
func (t Turn) parse(cwd string) (Message, []ToolUse, error) {
	q, _ := json.Marshal(cwd)
	raw := strings.ReplaceAll(t.Message, "${CWD}", string(q[1:len(q)-1]))
	return ParseMessage([]byte(raw))
}
