package tools

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// TestSchemaMessagesForServerSchemas: schemas as MCP servers write them
// (draft-07, nested objects, arrays, $ref, anyOf) validate, and a failure
// names the field; a keyword the messages do not explain still fails with
// the validator's own text.
func TestSchemaMessagesForServerSchemas(t *testing.T) {
	schema := `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object",
		"definitions":{"id":{"type":"string","minLength":2}},
		"properties":{"id":{"$ref":"#/definitions/id"},"opts":{"type":"object","properties":{"n":{"type":"integer","maximum":3}},
		"additionalProperties":false},"tags":{"type":"array","items":{"enum":["a","b"]}},
		"any":{"anyOf":[{"type":"string"},{"type":"number"}]}},"required":["id"]}`
	tool := Build(Spec{Name: "mcp__s__t", Schema: json.RawMessage(schema),
		Call: func(context.Context, Input, *Context, Progress) (Result, error) { return Result{}, nil }})
	tests := []struct {
		in   Input
		want string // "" means valid
	}{
		{Input{"id": "ab", "opts": map[string]any{"n": 2.0}, "tags": []any{"a"}, "any": 1.0}, ""},
		{Input{}, "mcp__s__t: required parameter `id` is missing"},
		{Input{"id": "ab", "opts": map[string]any{"n": 5.0, "x": true}}, "mcp__s__t: parameter `opts.n`: maximum"},
		{Input{"id": "ab", "opts": map[string]any{"x": true}}, "mcp__s__t: unexpected parameter(s) `x`"},
		{Input{"id": "ab", "tags": []any{"a", "c"}}, "mcp__s__t: parameter `tags.1`: value must be one of"},
		{Input{"id": "ab", "any": true}, "mcp__s__t: "},
		{Input{"id": 3}, "mcp__s__t: parameter `id`: got integer, want string"},
	}
	for _, tt := range tests {
		err := ValidateSchema(tool, tt.in)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%v: %v", tt.in, err)
		case tt.want != "" && (err == nil || !errors.Is(err, ErrInvalidInput) || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%v: err = %v, want %q", tt.in, err, tt.want)
		}
	}
}
