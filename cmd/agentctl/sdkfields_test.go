package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// sdkRequired lists, per stream-json line type, the fields the Agent SDK's
// SDKMessage types mark required (SDKSystemMessage init, SDKAssistantMessage,
// SDKUserMessage, SDKResultMessage) and the JSON kind each must have.
var sdkRequired = map[string]map[string]string{
	"system": {"type": "string", "subtype": "string", "uuid": "string", "session_id": "string", "cwd": "string",
		"tools": "array", "mcp_servers": "array", "model": "string", "permissionMode": "string", "apiKeySource": "string",
		"claude_code_version": "string", "slash_commands": "array", "output_style": "string", "skills": "array",
		"plugins": "array"},
	"assistant": {"type": "string", "uuid": "string", "session_id": "string", "message": "object", "parent_tool_use_id": "null"},
	"user":      {"type": "string", "uuid": "string", "session_id": "string", "message": "object", "parent_tool_use_id": "null"},
	"result": {"type": "string", "subtype": "string", "uuid": "string", "session_id": "string", "duration_ms": "number",
		"duration_api_ms": "number", "is_error": "bool", "num_turns": "number", "total_cost_usd": "number",
		"usage": "object", "modelUsage": "object", "permission_denials": "array", "result": "string"},
}

// sdkMessage is what an assistant line's message must hold (BetaMessage).
var sdkMessage = map[string]string{"id": "string", "type": "string", "role": "string", "model": "string",
	"content": "array", "stop_reason": "string", "stop_sequence": "null", "usage": "object"}

func kind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "string"
	case float64:
		return "number"
	case bool:
		return "bool"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "?"
}

func checkFields(t *testing.T, where string, obj map[string]any, want map[string]string) {
	t.Helper()
	for f, k := range want {
		v, ok := obj[f]
		if !ok {
			t.Errorf("%s: field %q missing", where, f)
			continue
		}
		if got := kind(v); got != k {
			t.Errorf("%s: field %q is %s, want %s", where, f, got, k)
		}
	}
}

// TestStreamJSONHasSDKFields: every line of a run carries what SDK consumers
// rely on, with the right types, and uuids are unique.
func TestStreamJSONHasSDKFields(t *testing.T) {
	out, _ := runGolden(t, "run_demo.jsonl", "../../fixtures/sessions/demo.jsonl")
	seen := map[string]bool{}
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var v map[string]any
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		typ, _ := v["type"].(string)
		if typ == "system" && v["subtype"] != "init" {
			continue // hook messages: type, subtype, message
		}
		want, ok := sdkRequired[typ]
		if !ok {
			t.Errorf("unknown line type %q", typ)
			continue
		}
		n++
		checkFields(t, typ, v, want)
		if typ == "assistant" {
			checkFields(t, "assistant.message", v["message"].(map[string]any), sdkMessage)
		}
		id, _ := v["uuid"].(string)
		if seen[id] {
			t.Errorf("uuid %s used twice", id)
		}
		seen[id] = true
	}
	if n < 4 {
		t.Fatalf("only %d lines", n)
	}
}
