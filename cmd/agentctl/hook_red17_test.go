package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// red17Event marshals one event's top-level fields, in the agent's shape.
func red17Event(t *testing.T, fields map[string]any) string {
	t.Helper()
	b, err := json.Marshal(fields)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestHookEventFieldTypesRealProcess: the top-level fields an event is
// decided by were read as strings with the wrong type taken for absent:
// Cursor's beforeShellExecution "cwd": ["…/secret"] (or a number, an
// object, null) was decided in the workspace root, so `cat key` was
// allowed as a read of a key that is not there while the agent's own
// reader could run it in secret/; Claude Code's "permission_mode":
// ["plan"] was decided in the settings' mode (an ask) instead of plan's
// deny. Every such field of the wrong type now blocks the event, in the
// agent's own dialect.
func TestHookEventFieldTypesRealProcess(t *testing.T) {
	denied, _, managed := red13Project(t)
	secret := filepath.Join(denied, "secret")
	cursorShell := func(cwd any, present bool) map[string]any {
		ev := map[string]any{"hook_event_name": "beforeShellExecution", "conversation_id": "c", "generation_id": "g",
			"workspace_roots": []any{denied}, "command": "cat key"}
		if present {
			ev["cwd"] = cwd
		}
		return ev
	}
	claude := func(mode any, command string) map[string]any {
		return map[string]any{"hook_event_name": "PreToolUse", "session_id": "s", "cwd": denied, "permission_mode": mode,
			"tool_name": "Bash", "tool_input": map[string]any{"command": command}}
	}
	tests := []struct {
		name    string
		agent   string
		event   map[string]any
		blocked bool
	}{
		{"cursor shell cwd an array", "cursor", cursorShell([]any{secret}, true), true},
		{"cursor shell cwd a number", "cursor", cursorShell(7, true), true},
		{"cursor shell cwd an object", "cursor", cursorShell(map[string]any{"path": secret}, true), true},
		{"cursor shell cwd null", "cursor", cursorShell(nil, true), true},
		{"cursor shell cwd true", "cursor", cursorShell(true, true), true},
		{"cursor preToolUse Shell, top-level cwd an array", "cursor", map[string]any{"hook_event_name": "preToolUse", "conversation_id": "c",
			"workspace_roots": []any{denied}, "cwd": []any{secret}, "tool_name": "Shell", "tool_input": map[string]any{"command": "cat key"}}, true},
		{"cursor workspace root beside a number", "cursor", map[string]any{"hook_event_name": "beforeShellExecution", "conversation_id": "c",
			"workspace_roots": []any{denied, 5}, "cwd": denied, "command": "cat key"}, true},
		{"cursor workspace roots an object", "cursor", map[string]any{"hook_event_name": "beforeShellExecution", "conversation_id": "c",
			"workspace_roots": map[string]any{"0": denied}, "cwd": denied, "command": "cat key"}, true},
		{"cursor MCP url an array", "cursor", map[string]any{"hook_event_name": "beforeMCPExecution", "conversation_id": "c",
			"workspace_roots": []any{denied}, "url": []any{"https://api.example/mcp"}, "tool_name": "list", "tool_input": "{}"}, true},
		{"claude permission_mode an array", "claude", claude([]any{"plan"}, "touch x"), true},
		{"claude permission_mode a number", "claude", claude(1, "touch x"), true},
		{"claude permission_mode null", "claude", claude(nil, "touch x"), true},
		{"gemini tool_name an array", "gemini", map[string]any{"hook_event_name": "BeforeTool", "cwd": denied,
			"tool_name": []any{"read_file"}, "tool_input": map[string]any{"file_path": "src/a.ts"}}, true},
		// harmless neighbours
		{"cursor shell cwd the root", "cursor", cursorShell(denied, true), false},
		{"cursor shell without cwd", "cursor", cursorShell(nil, false), false},
		{"cursor shell cwd empty", "cursor", cursorShell("", true), false},
		{"claude default mode ls", "claude", claude("default", "ls"), false},
		{"gemini read_file", "gemini", map[string]any{"hook_event_name": "BeforeTool", "cwd": denied,
			"tool_name": "read_file", "tool_input": map[string]any{"file_path": "src/a.ts"}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := hookProc(t, nil, red17Event(t, tt.event), nil, "--agent", tt.agent, "--managed-settings", managed)
			blocked, _ := red15Blocked(tt.agent, out, errOut, code)
			if code == 1 || blocked != tt.blocked || !tt.blocked && !strings.Contains(out, "allow") {
				t.Errorf("exit %d, stdout %q, stderr %q; want blocked %v", code, out, strings.TrimSpace(errOut), tt.blocked)
			}
		})
	}
}
