package settings

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
)

// Schema is a JSON Schema (draft-07 or 2020-12) that settings files are
// checked against — the public Claude Code settings schema (schemastore's
// claude-code-settings.json, which real files name in $schema) or any
// other. What it flags is a warning, never an error: Claude Code loads what
// its own schema would flag, and so does agentctl. It is only read by
// `settings validate --schema`, never on the path of a decision. It is
// safe for concurrent use.
type Schema struct {
	resolved *jsonschema.Resolved
	// Unchecked lists the patterns Go's regexp cannot compile (the
	// ECMAScript lookarounds some schemas use): they are not checked.
	Unchecked []string
}

// LoadSchema reads and resolves a schema file.
func LoadSchema(path string) (*Schema, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("schema: %w", err)
	}
	var raw any
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("schema %s: %w", path, err)
	}
	sc := &Schema{}
	sc.Unchecked = dropUncompilable(raw)
	if data, err = json.Marshal(raw); err != nil {
		return nil, fmt.Errorf("schema %s: %w", path, err)
	}
	var s jsonschema.Schema
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("schema %s: %w", path, err)
	}
	if sc.resolved, err = s.Resolve(nil); err != nil {
		return nil, fmt.Errorf("schema %s: %w", path, err)
	}
	return sc, nil
}

// dropUncompilable removes the pattern keywords (and patternProperties
// entries) Go's regexp cannot compile, and returns them.
func dropUncompilable(v any) []string {
	var dropped []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			if p, ok := x["pattern"].(string); ok {
				if _, err := regexp.Compile(p); err != nil {
					delete(x, "pattern")
					dropped = append(dropped, p)
				}
			}
			if pp, ok := x["patternProperties"].(map[string]any); ok {
				for p := range pp {
					if _, err := regexp.Compile(p); err != nil {
						delete(pp, p)
						dropped = append(dropped, p)
					}
				}
			}
			for _, c := range x {
				walk(c)
			}
		case []any:
			for _, c := range x {
				walk(c)
			}
		}
	}
	walk(v)
	sort.Strings(dropped)
	return dropped
}

// Check validates one settings document (JSON, or YAML by its name)
// against the schema. Each violation is a warning at the value it is
// about: the top-level key, or the array element that fails on its own
// (so every bad rule of a permissions list is named at its line). The
// error is for a document that does not parse.
func (sc *Schema) Check(name string, data []byte) ([]Warning, error) {
	root, err := parseDocument(name, data)
	if err != nil {
		return nil, err
	}
	doc := root.value()
	first := sc.resolved.Validate(doc)
	if first == nil {
		return nil, nil
	}
	pos := func(n *node) Position { return Position{File: name, Line: n.line, Column: n.column} }
	var out []Warning
	if root.kind == kindObject {
		for i, k := range root.keys {
			one := map[string]any{k.str: doc.(map[string]any)[k.str]}
			if err := sc.resolved.Validate(one); err != nil {
				c := &culprits{sc: sc, doc: one}
				c.find(root.items[i], []any{k.str})
				if len(c.found) == 0 {
					c.found = []culprit{{root.items[i], err}}
				}
				for _, f := range c.found {
					out = append(out, Warning{Pos: pos(f.n), Msg: fmt.Sprintf("schema: %s: %s", k.str, schemaMessage(f.err))})
				}
			}
		}
	}
	if len(out) == 0 { // a violation no single key makes (required, minProperties …)
		out = append(out, Warning{Pos: pos(root), Msg: "schema: " + schemaMessage(first)})
	}
	return out, nil
}

// schemaMessage is the validator's message without its chain of
// "validating SCHEMA-PATH: " prefixes: the position already says where.
func schemaMessage(err error) string {
	msg := err.Error()
	for strings.HasPrefix(msg, "validating ") {
		i := strings.Index(msg, ": ")
		if i < 0 {
			break
		}
		msg = msg[i+2:]
	}
	return msg
}

// culprit is an array element that fails the schema on its own.
type culprit struct {
	n   *node
	err error
}

// culprits finds, below one top-level key, the array elements that fail
// the schema on their own: the array cut down to that element fails, and
// cut down to nothing passes (so the fault is in its elements). An element
// with a failing element of its own gives way to it.
type culprits struct {
	sc    *Schema
	doc   map[string]any
	found []culprit
}

func (c *culprits) find(n *node, path []any) {
	switch n.kind {
	case kindObject:
		for i, k := range n.keys {
			c.find(n.items[i], append(path, k.str))
		}
	case kindArray:
		if c.validateWith(path, []any{}) != nil {
			return
		}
		for j, item := range n.items {
			err := c.validateWith(path, []any{item.value()})
			if err == nil {
				continue
			}
			before := len(c.found)
			c.find(item, append(path, j))
			if len(c.found) == before {
				c.found = append(c.found, culprit{item, err})
			}
		}
	}
}

// validateWith validates the document with the array at path replaced.
func (c *culprits) validateWith(path []any, arr []any) error {
	var doc any = deepCopy(c.doc)
	parent, key := doc, path[len(path)-1]
	for _, p := range path[:len(path)-1] {
		parent = child(parent, p)
	}
	switch x := parent.(type) {
	case map[string]any:
		x[key.(string)] = arr
	case []any:
		x[key.(int)] = arr
	}
	return c.sc.resolved.Validate(doc)
}

func child(v any, key any) any {
	switch x := v.(type) {
	case map[string]any:
		return x[key.(string)]
	case []any:
		return x[key.(int)]
	}
	return nil
}

func deepCopy(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, c := range x {
			out[k] = deepCopy(c)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, c := range x {
			out[i] = deepCopy(c)
		}
		return out
	}
	return v
}

// value converts a node to the Go value encoding/json would decode.
func (n *node) value() any {
	switch n.kind {
	case kindBool:
		return n.bool
	case kindNumber:
		f, _ := strconv.ParseFloat(n.str, 64)
		return f
	case kindString:
		return n.str
	case kindArray:
		out := make([]any, len(n.items))
		for i, c := range n.items {
			out[i] = c.value()
		}
		return out
	case kindObject:
		out := make(map[string]any, len(n.items))
		for i, k := range n.keys {
			out[k.str] = n.items[i].value()
		}
		return out
	}
	return nil
}
