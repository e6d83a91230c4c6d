package agenthook

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/agentctl/agentctl/settings"
)

// Agent names a hook protocol.
type Agent string

// The agents agentctl speaks to.
const (
	Claude Agent = "claude"
	Gemini Agent = "gemini"
	Cursor Agent = "cursor"
)

// Agents lists every supported agent, in the order the CLI shows them.
var Agents = []Agent{Claude, Gemini, Cursor}

// ParseAgent checks an --agent value; "" means "detect from the event".
func ParseAgent(s string) (Agent, error) {
	switch a := Agent(s); a {
	case "", Claude, Gemini, Cursor:
		return a, nil
	}
	return "", fmt.Errorf("--agent %q: expected claude, gemini or cursor", s)
}

// Event is one hook event as an agent sent it, decoded.
type Event struct {
	Agent Agent
	// Name is the event (hook_event_name): PreToolUse, BeforeTool,
	// beforeShellExecution …
	Name string
	// Tool and Input are the agent's own tool name and arguments (for
	// Cursor's before* events, the event's own fields).
	Tool  string
	Input map[string]any
	// Cwd is the session's working directory: the event's cwd, else the
	// first workspace root it names.
	Cwd string
	// Mode is the agent's permission mode, where it sends one.
	Mode string
	// Fields holds every top-level field of the event.
	Fields map[string]any
	// TrustedProject says the workspace is trusted: only then may its own
	// agent configuration (Cursor's project .cursor/mcp.json) name the MCP
	// server a call goes to. An untrusted repository could otherwise give
	// its own server the name of one the user's rules allow.
	TrustedProject bool
}

// MaxEventSize bounds the event read from stdin.
const MaxEventSize = 32 << 20

// ErrEvent is wrapped by every error about the event itself.
var ErrEvent = errors.New("hook event")

// ReadEvent reads and decodes one event. want is the agent named on the
// command line ("" detects it from the event's own fields).
func ReadEvent(r io.Reader, want Agent) (*Event, error) {
	raw, err := io.ReadAll(io.LimitReader(r, MaxEventSize+1))
	if err != nil {
		return nil, fmt.Errorf("%w: reading stdin: %w", ErrEvent, err)
	}
	if len(raw) > MaxEventSize {
		return nil, fmt.Errorf("%w: more than %d bytes on stdin", ErrEvent, MaxEventSize)
	}
	return ParseEvent(raw, want)
}

// ParseEvent decodes one event from raw JSON.
func ParseEvent(raw []byte, want Agent) (*Event, error) {
	if err := checkIntegrity("stdin", raw); err != nil {
		return nil, err
	}
	// Numbers decode as float64, as the agents' own (JavaScript) readers
	// and `agentctl check` read them: a json.Number is no number to the
	// tool schemas, so every Claude Code Bash call with a timeout and
	// every Read with an offset or a limit was denied as invalid input.
	dec := json.NewDecoder(bytes.NewReader(raw))
	var fields map[string]any
	if err := dec.Decode(&fields); err != nil {
		return nil, fmt.Errorf("%w: not a JSON object: %w", ErrEvent, err)
	}
	if fields == nil {
		return nil, fmt.Errorf("%w: not a JSON object", ErrEvent)
	}
	if dec.More() {
		return nil, fmt.Errorf("%w: more than one JSON value on stdin", ErrEvent)
	}
	if err := checkEventFields(fields); err != nil {
		return nil, err
	}
	ev := &Event{Fields: fields, Name: str(fields, "hook_event_name")}
	ev.Agent = detect(ev.Name, fields)
	switch {
	case ev.Agent == "" && want == "":
		return nil, fmt.Errorf("%w: cannot tell the agent from hook_event_name %q (pass --agent)", ErrEvent, ev.Name)
	case ev.Agent == "":
		ev.Agent = want
	case want != "" && want != ev.Agent:
		return nil, fmt.Errorf("%w: a %s event (%s) given to --agent %s", ErrEvent, ev.Agent, ev.Name, want)
	}
	// Cursor's cwd is the command's own directory: its session is the
	// workspace root, where the project's settings are.
	ev.Cwd = str(fields, "cwd")
	if roots, _ := fields["workspace_roots"].([]any); len(roots) > 0 && (ev.Cwd == "" || ev.Agent == Cursor) {
		ev.Cwd, _ = roots[0].(string)
	}
	if ev.Cwd == "" || !filepath.IsAbs(ev.Cwd) {
		return nil, fmt.Errorf("%w: no absolute cwd (or workspace root) in the event: %q", ErrEvent, ev.Cwd)
	}
	ev.Mode = str(fields, "permission_mode")
	ev.Tool = str(fields, "tool_name")
	switch in := fields["tool_input"].(type) {
	case map[string]any:
		ev.Input = in
	case string: // Cursor's beforeMCPExecution sends the arguments as a JSON string
		if err := checkIntegrity("tool_input", []byte(in)); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(in), &ev.Input); err != nil && strings.TrimSpace(in) != "" {
			return nil, fmt.Errorf("%w: tool_input is a string that is not a JSON object: %w", ErrEvent, err)
		}
	case nil:
	default:
		return nil, fmt.Errorf("%w: tool_input is %T, not an object", ErrEvent, in)
	}
	if ev.Input == nil {
		ev.Input = map[string]any{}
	}
	return ev, nil
}

// detect tells the agent from the event name (and Cursor's own fields).
func detect(name string, fields map[string]any) Agent {
	switch name {
	case "PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest":
		return Claude
	case "BeforeTool", "AfterTool":
		return Gemini
	}
	if _, ok := cursorEvents[name]; ok {
		return Cursor
	}
	if _, ok := fields["conversation_id"]; ok {
		return Cursor
	}
	if settings.HookEvents[name] {
		// Claude Code's other events. Gemini CLI has a SessionStart,
		// SessionEnd and Notification too, and stamps them with a timestamp
		// Claude Code does not send: those are left to --agent.
		if _, ok := fields["timestamp"]; ok && geminiAlso[name] {
			return ""
		}
		return Claude
	}
	return ""
}

// geminiAlso are the events both Claude Code and Gemini CLI name.
var geminiAlso = map[string]bool{"SessionStart": true, "SessionEnd": true, "Notification": true}

func str(m map[string]any, k string) string {
	s, _ := m[k].(string)
	return s
}
