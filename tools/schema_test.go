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

// TestSimpleSchemasAgree: the built-in schemas use only the keywords the
// walk checks, and on every input tried the walk's verdict is the
// validator's.
func TestSimpleSchemasAgree(t *testing.T) {
	values := []any{nil, true, 0.0, 1.0, 1.5, 700000.0, -3.0, "", "x", "/abs/path", "content", "pending", "code",
		[]any{}, []any{"a"}, []any{map[string]any{"content": "a", "status": "pending", "activeForm": "A"}},
		[]any{map[string]any{"old_string": "a", "new_string": "b"}}, map[string]any{}, map[string]any{"k": "v"}}
	for _, tool := range Catalog() {
		s, err := compile(tool)
		if err != nil {
			t.Fatal(err)
		}
		if !s.simple {
			t.Errorf("%s: schema uses a keyword the walk does not check", tool.Name())
			continue
		}
		var props []string
		for k := range s.Schema().Properties {
			props = append(props, k)
		}
		props = append(props, "bogus")
		for _, k := range props {
			for _, v := range values {
				in := map[string]any{k: v}
				for _, k2 := range s.Schema().Required {
					if k2 != k {
						in[k2] = "x"
					}
				}
				p := problems{root: s.Schema()}
				p.walk(p.root, normalise(in), nil)
				if got, want := len(p.list) > 0, s.Validate(normalise(in)) != nil; got != want {
					t.Errorf("%s %v: walk says invalid=%v, validator %v", tool.Name(), in, got, want)
				}
			}
		}
	}
}
