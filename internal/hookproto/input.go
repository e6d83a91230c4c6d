package hookproto

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
)

// InputOrder is the order in which Claude Code (2.1.332) writes the
// top-level fields of a hook's stdin; testdata/claude-code-2.1.332 holds
// what it sent. The common fields come first, then each event's own, so one
// list serves every event. Fields it does not name follow, sorted.
var InputOrder = []string{
	"session_id", "transcript_path", "cwd", "prompt_id", "permission_mode", "effort", "hook_event_name",
	// tool events
	"tool_name", "tool_input", "tool_response", "tool_use_id", "error", "is_interrupt", "duration_ms",
	"permission_suggestions",
	// lifecycle events
	"source", "prompt", "stop_hook_active", "last_assistant_message", "background_tasks", "session_crons", "reason",
}

// EncodeInput writes a hook's stdin: one line of compact JSON with the
// top-level fields in InputOrder and, as JavaScript's JSON.stringify
// writes it, without escaping <, > and & (a hook that greps its raw stdin
// for "a > b" finds it).
func EncodeInput(fields map[string]any) ([]byte, error) {
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, k)
	}
	rank := func(k string) int {
		if i := slices.Index(InputOrder, k); i >= 0 {
			return i
		}
		return len(InputOrder)
	}
	sort.Slice(keys, func(i, j int) bool {
		ri, rj := rank(keys[i]), rank(keys[j])
		if ri != rj {
			return ri < rj
		}
		return keys[i] < keys[j]
	})
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	encode := func(v any) ([]byte, error) {
		buf.Reset()
		if err := enc.Encode(v); err != nil {
			return nil, err
		}
		return bytes.TrimSuffix(buf.Bytes(), []byte{'\n'}), nil
	}
	out := []byte{'{'}
	for i, k := range keys {
		if i > 0 {
			out = append(out, ',')
		}
		name, _ := encode(k) // a string always encodes
		out = append(append(out, name...), ':')
		v, err := encode(fields[k])
		if err != nil {
			return nil, fmt.Errorf("hook input field %q: %w", k, err)
		}
		out = append(out, v...)
	}
	return append(out, '}'), nil
}
