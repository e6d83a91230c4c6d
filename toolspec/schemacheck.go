package toolspec

import (
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/google/jsonschema-go/jsonschema"
)

// The validator is github.com/google/jsonschema-go (draft 2020-12 and
// draft-07), the one the MCP SDK uses: its package init costs next to
// nothing, and agentctl check starts a process per call.

var (
	compiledMu sync.RWMutex
	// compiled is keyed by tool name, then schema text: a look-up of
	// compiled[name][string(schema)] copies nothing.
	compiled = map[string]map[string]*compiledSchema{}
)

// compiledSchema is a resolved schema; simple ones use only the keywords
// problems.walk checks completely, so the walk alone decides them.
type compiledSchema struct {
	*jsonschema.Resolved
	simple bool
}

// simpleKeywords are the keywords problems.walk checks (or that only
// annotate).
var simpleKeywords = map[string]bool{"$schema": true, "type": true, "properties": true, "required": true,
	"additionalProperties": true, "items": true, "enum": true, "minimum": true, "maximum": true, "minLength": true,
	"maxLength": true, "pattern": true, "minItems": true, "maxItems": true, "description": true, "title": true,
	"default": true, "examples": true, "format": true}

// isSimple reports a schema (decoded JSON) that uses simpleKeywords only.
func isSimple(v any) bool {
	switch x := v.(type) {
	case bool:
		return true
	case map[string]any:
		for k, e := range x {
			if !simpleKeywords[k] {
				return false
			}
			switch k {
			case "items", "additionalProperties":
				if !isSimple(e) {
					return false
				}
			case "properties":
				props, ok := e.(map[string]any)
				if !ok {
					return false
				}
				for _, p := range props {
					if !isSimple(p) {
						return false
					}
				}
			}
		}
		return true
	}
	return false
}

// compile returns a resolved schema, resolving each (name, schema) once.
func compile(name string, schema []byte) (*compiledSchema, error) {
	compiledMu.RLock()
	s, ok := compiled[name][string(schema)]
	compiledMu.RUnlock()
	if ok {
		return s, nil
	}
	compiledMu.Lock()
	defer compiledMu.Unlock()
	if s, ok := compiled[name][string(schema)]; ok {
		return s, nil
	}
	var js jsonschema.Schema
	if err := json.Unmarshal(schema, &js); err != nil {
		return nil, fmt.Errorf("%s: schema: %w", name, err)
	}
	switch js.Schema {
	case "", "https://json-schema.org/draft/2020-12/schema", "http://json-schema.org/draft-07/schema#",
		"http://json-schema.org/draft-07/schema":
	default:
		js.Schema = "" // older drafts: validated as 2020-12, whose keywords they share
	}
	r, err := js.Resolve(&jsonschema.ResolveOptions{BaseURI: "agentctl:///tools/" + url.PathEscape(name) + ".json"})
	if err != nil {
		return nil, fmt.Errorf("%s: schema: %w", name, err)
	}
	var raw any
	_ = json.Unmarshal(schema, &raw)
	c := &compiledSchema{Resolved: r, simple: isSimple(raw)}
	if compiled[name] == nil {
		compiled[name] = map[string]*compiledSchema{}
	}
	compiled[name][string(schema)] = c
	return c, nil
}

// CheckSchema validates an input against a JSON Schema (a built-in tool's
// or an MCP server's) and returns one sorted line per problem, naming the
// tool and the field. A schema that does not compile is one problem too:
// such input is never valid. It is safe for concurrent use.
func CheckSchema(name string, schema []byte, in map[string]any) []string {
	s, err := compile(name, schema)
	if err != nil {
		return []string{err.Error()}
	}
	var v any = in
	if in == nil {
		v = map[string]any{}
	}
	v = normalise(v)
	p := problems{root: s.Schema()}
	var verr error
	if s.simple {
		if p.walk(p.root, v, nil); len(p.list) == 0 {
			return nil
		}
	} else {
		if verr = s.Validate(v); verr == nil {
			return nil
		}
		p.walk(p.root, v, nil)
	}
	lines := p.lines(name)
	if len(lines) == 0 { // a keyword the walk does not explain
		lines = []string{fmt.Sprintf("%s: %v", name, verr)}
	}
	sort.Strings(lines)
	return dedupe(lines)
}

// normalise converts Go numbers the way the JSON decoder would produce them
// for the validator (it expects float64 from JSON). Input decoded from JSON
// has none and is returned as it is, without a copy.
func normalise(v any) any {
	if !hasInt(v) {
		return v
	}
	return toFloats(v)
}

// toFloats copies v with every Go int a float64.
func toFloats(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = toFloats(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = toFloats(e)
		}
		return out
	case int:
		return float64(x)
	}
	return v
}

// hasInt reports a Go int anywhere in v.
func hasInt(v any) bool {
	switch x := v.(type) {
	case map[string]any:
		for _, e := range x {
			if hasInt(e) {
				return true
			}
		}
	case []any:
		for _, e := range x {
			if hasInt(e) {
				return true
			}
		}
	case int:
		return true
	}
	return false
}

// problem is one issue found at a field (dotted instance path).
type problem struct {
	field string
	// missing and unexpected name properties; msg is anything else.
	missing, unexpected []string
	msg                 string
}

// problems explains a validation failure the way a model can act on it:
// every missing and unexpected parameter, and the first issue of every
// field, for the keywords agentctl's schemas and most MCP tools use.
type problems struct {
	root *jsonschema.Schema
	list []problem
}

func (ps *problems) walk(s *jsonschema.Schema, v any, path []string) {
	for depth := 0; s != nil && s.Ref != "" && depth < 8; depth++ {
		s = ps.local(s.Ref)
	}
	if s == nil {
		return
	}
	field := strings.Join(path, ".")
	add := func(format string, args ...any) {
		ps.list = append(ps.list, problem{field: field, msg: fmt.Sprintf(format, args...)})
	}
	if types := schemaTypes(s); len(types) > 0 && !typeOK(types, v) {
		add("got %s, want %s", jsonType(v), strings.Join(types, " or "))
		return
	}
	if len(s.Enum) > 0 && !inEnum(s.Enum, v) {
		var vals []string
		for _, e := range s.Enum {
			b, _ := json.Marshal(e)
			vals = append(vals, string(b))
		}
		add("value must be one of %s", strings.Join(vals, ", "))
	}
	switch x := v.(type) {
	case map[string]any:
		var missing []string
		for _, r := range s.Required {
			if _, ok := x[r]; !ok {
				missing = append(missing, r)
			}
		}
		var extra []string
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			sub := append(append([]string(nil), path...), k)
			if ps2, ok := s.Properties[k]; ok {
				ps.walk(ps2, x[k], sub)
			} else if isFalse(s.AdditionalProperties) {
				extra = append(extra, k)
			} else {
				ps.walk(s.AdditionalProperties, x[k], sub)
			}
		}
		if len(missing)+len(extra) > 0 {
			ps.list = append(ps.list, problem{field: field, missing: missing, unexpected: extra})
		}
	case []any:
		if s.MinItems != nil && len(x) < *s.MinItems {
			add("minItems: got %d, want %d", len(x), *s.MinItems)
		}
		if s.MaxItems != nil && len(x) > *s.MaxItems {
			add("maxItems: got %d, want %d", len(x), *s.MaxItems)
		}
		for i, e := range x {
			ps.walk(s.Items, e, append(append([]string(nil), path...), strconv.Itoa(i)))
		}
	case string:
		n := utf8.RuneCountInString(x)
		if s.MinLength != nil && n < *s.MinLength {
			add("minLength: got %d, want %d", n, *s.MinLength)
		}
		if s.MaxLength != nil && n > *s.MaxLength {
			add("maxLength: got %d, want %d", n, *s.MaxLength)
		}
		if s.Pattern != "" {
			if re, err := regexp.Compile(s.Pattern); err == nil && !re.MatchString(x) {
				add("%q does not match pattern %q", x, s.Pattern)
			}
		}
	case float64:
		if s.Minimum != nil && x < *s.Minimum {
			add("minimum: got %v, want %v", x, *s.Minimum)
		}
		if s.Maximum != nil && x > *s.Maximum {
			add("maximum: got %v, want %v", x, *s.Maximum)
		}
	}
}

// local finds a $ref into the root's definitions ("#", "#/$defs/x",
// "#/definitions/x"); nil for any other reference.
func (ps *problems) local(ref string) *jsonschema.Schema {
	switch {
	case ref == "#":
		return ps.root
	case strings.HasPrefix(ref, "#/$defs/"):
		return ps.root.Defs[strings.TrimPrefix(ref, "#/$defs/")]
	case strings.HasPrefix(ref, "#/definitions/"):
		return ps.root.Definitions[strings.TrimPrefix(ref, "#/definitions/")]
	}
	return nil
}

// lines formats the problems, one per line, each naming the tool.
func (ps *problems) lines(tool string) []string {
	var out []string
	for _, p := range ps.list {
		for _, m := range p.missing {
			name := m
			if p.field != "" {
				name = p.field + "." + m
			}
			out = append(out, fmt.Sprintf("%s: required parameter `%s` is missing", tool, name))
		}
		if len(p.unexpected) > 0 {
			out = append(out, fmt.Sprintf("%s: unexpected parameter(s) %s", tool, "`"+strings.Join(p.unexpected, "`, `")+"`"))
		}
		switch {
		case p.msg == "":
		case p.field == "":
			out = append(out, fmt.Sprintf("%s: %s", tool, p.msg))
		default:
			out = append(out, fmt.Sprintf("%s: parameter `%s`: %s", tool, p.field, p.msg))
		}
	}
	return out
}

func schemaTypes(s *jsonschema.Schema) []string {
	if s.Type != "" {
		return []string{s.Type}
	}
	return s.Types
}

// jsonType is the JSON Schema type of a decoded JSON value.
func jsonType(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case float64:
		if x == math.Trunc(x) && !math.IsInf(x, 0) {
			return "integer"
		}
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

func typeOK(types []string, v any) bool {
	got := jsonType(v)
	for _, t := range types {
		if t == got || (t == "number" && got == "integer") {
			return true
		}
	}
	return false
}

func inEnum(enum []any, v any) bool {
	b, _ := json.Marshal(v)
	for _, e := range enum {
		if eb, _ := json.Marshal(e); string(eb) == string(b) {
			return true
		}
	}
	return false
}

// isFalse reports the schema false (nothing is valid).
func isFalse(s *jsonschema.Schema) bool {
	if s == nil {
		return false
	}
	b, err := json.Marshal(s)
	return err == nil && string(b) == "false"
}
