package agenthook

import "fmt"

// eventStringFields are the top-level event fields agentctl reads as
// strings to decide: the event, the tool, the directory the call runs in,
// the agent's mode, and the url or command that names Cursor's MCP server.
var eventStringFields = []string{"hook_event_name", "tool_name", "cwd", "permission_mode", "url", "command"}

// checkEventFields refuses an event whose decision-shaping fields have the
// wrong JSON type. Read as absent, a Cursor shell event's "cwd": ["secret"]
// was decided in the workspace root while the agent's own reader could run
// it elsewhere, and a Claude Code "permission_mode": ["plan"] was decided in
// the settings' mode instead of plan's: a field agentctl cannot read is a
// field the agent might, so the event is blocked instead (null too: no
// agent sends one, and an absent field is spelt by leaving it out).
func checkEventFields(fields map[string]any) error {
	for _, k := range eventStringFields {
		if v, ok := fields[k]; ok {
			if _, isString := v.(string); !isString {
				return fmt.Errorf("%w: `%s` is %s, not a string", ErrEvent, k, jsonKind(v))
			}
		}
	}
	if v, ok := fields["workspace_roots"]; ok {
		roots, isList := v.([]any)
		if !isList {
			return fmt.Errorf("%w: `workspace_roots` is %s, not a list", ErrEvent, jsonKind(v))
		}
		for i, r := range roots {
			if _, isString := r.(string); !isString {
				return fmt.Errorf("%w: workspace_roots[%d] is %s, not a string", ErrEvent, i, jsonKind(r))
			}
		}
	}
	return nil
}

// jsonKind names a decoded JSON value's type as JSON does.
func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return "a number"
}
