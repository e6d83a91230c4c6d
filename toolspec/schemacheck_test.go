package toolspec

import (
	"strings"
	"testing"
)

// TestSchemaMessagesForServerSchemas: schemas as MCP servers write them
// (draft-07, nested objects, arrays, $ref, anyOf) validate, and a failure
// names the field; a keyword the messages do not explain still fails with
// the validator's own text.
func TestSchemaMessagesForServerSchemas(t *testing.T) {
	schema := []byte(`{"$schema":"http://json-schema.org/draft-07/schema#","type":"object",
		"definitions":{"id":{"type":"string","minLength":2}},
		"properties":{"id":{"$ref":"#/definitions/id"},"opts":{"type":"object","properties":{"n":{"type":"integer","maximum":3}},
		"additionalProperties":false},"tags":{"type":"array","items":{"enum":["a","b"]}},
		"any":{"anyOf":[{"type":"string"},{"type":"number"}]}},"required":["id"]}`)
	tests := []struct {
		in   map[string]any
		want string // "" means valid
	}{
		{map[string]any{"id": "ab", "opts": map[string]any{"n": 2.0}, "tags": []any{"a"}, "any": 1.0}, ""},
		{map[string]any{}, "mcp__s__t: required parameter `id` is missing"},
		{map[string]any{"id": "ab", "opts": map[string]any{"n": 5.0, "x": true}}, "mcp__s__t: parameter `opts.n`: maximum"},
		{map[string]any{"id": "ab", "opts": map[string]any{"x": true}}, "mcp__s__t: unexpected parameter(s) `x`"},
		{map[string]any{"id": "ab", "tags": []any{"a", "c"}}, "mcp__s__t: parameter `tags.1`: value must be one of"},
		{map[string]any{"id": "ab", "any": true}, "mcp__s__t: "},
		{map[string]any{"id": 3}, "mcp__s__t: parameter `id`: got integer, want string"},
	}
	for _, tt := range tests {
		got := strings.Join(CheckSchema("mcp__s__t", schema, tt.in), "\n")
		switch {
		case tt.want == "" && got != "":
			t.Errorf("%v: %s", tt.in, got)
		case tt.want != "" && !strings.Contains(got, tt.want):
			t.Errorf("%v: got %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestSimpleSchemasAgree: on every input tried, the walk's verdict on a
// built-in schema that uses only the keywords it checks is the validator's.
func TestSimpleSchemasAgree(t *testing.T) {
	values := []any{nil, true, 0.0, 1.0, 1.5, 700000.0, -3.0, "", "x", "/abs/path", "content", "pending", "code",
		[]any{}, []any{"a"}, []any{map[string]any{"content": "a", "status": "pending", "activeForm": "A"}},
		[]any{map[string]any{"old_string": "a", "new_string": "b"}}, map[string]any{}, map[string]any{"k": "v"}}
	for _, spec := range All() {
		s, err := compile(spec.Name, spec.Schema)
		if err != nil {
			t.Fatal(err)
		}
		if !s.simple {
			continue // validated by the library itself (Skill's anyOf)
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
					t.Errorf("%s %v: walk says invalid=%v, validator %v", spec.Name, in, got, want)
				}
			}
		}
	}
}
