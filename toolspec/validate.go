package toolspec

import (
	"bytes"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// Validate checks a call's input without session state: the tool's JSON
// Schema first, then what a schema cannot express (absolute paths, no NUL
// bytes, old_string ≠ new_string, a non-blank command, an http(s) URL).
// Every problem is one model-readable line naming the tool and the field;
// none means the input is valid. An MCP tool's input is its server's
// business (nil); a name the catalogue does not know is a problem. Both the
// engine and the tool runner validate with it, so they accept the same
// inputs. It is safe for concurrent use.
func Validate(name string, in map[string]any) []string {
	if IsMCP(name) {
		return nil
	}
	s, ok := Lookup(name)
	if !ok {
		return []string{fmt.Sprintf("%s: unknown tool; agentctl refuses tools it does not know", name)}
	}
	if in == nil {
		in = map[string]any{}
	}
	if problems := CheckSchema(name, s.Schema, in); len(problems) > 0 {
		return problems
	}
	var out []string
	keys := make([]string, 0, len(in))
	for k := range in {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if v, ok := in[k].(string); ok && strings.ContainsRune(v, 0) {
			out = append(out, fmt.Sprintf("%s: parameter `%s` contains a NUL byte", name, k))
		}
	}
	if len(out) > 0 {
		return out
	}
	if p, ok := in[s.MainField].(string); ok && s.AbsolutePath && !filepath.IsAbs(p) {
		out = append(out, fmt.Sprintf("%s: parameter `%s` must be an absolute path, got %q", name, s.MainField, p))
	}
	if s.check != nil {
		out = append(out, s.check(in)...)
	}
	return out
}

var (
	compiledMu sync.Mutex
	compiled   = map[string]*jsonschema.Schema{}
	printer    = message.NewPrinter(language.English)
)

// compile returns a compiled schema, compiling each (name, schema) once.
func compile(name string, schema []byte) (*jsonschema.Schema, error) {
	compiledMu.Lock()
	defer compiledMu.Unlock()
	key := name + "\x00" + string(schema)
	if s, ok := compiled[key]; ok {
		return s, nil
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		return nil, fmt.Errorf("%s: schema: %w", name, err)
	}
	c := jsonschema.NewCompiler()
	u := "agentctl:///tools/" + url.PathEscape(name) + ".json"
	if err := c.AddResource(u, doc); err != nil {
		return nil, fmt.Errorf("%s: schema: %w", name, err)
	}
	s, err := c.Compile(u)
	if err != nil {
		return nil, fmt.Errorf("%s: schema: %w", name, err)
	}
	compiled[key] = s
	return s, nil
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
	err = s.Validate(normalise(v))
	if err == nil {
		return nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return []string{fmt.Sprintf("%s: %v", name, err)}
	}
	var lines []string
	for _, leaf := range leaves(ve) {
		lines = append(lines, strings.Split(describe(name, leaf), "\n")...)
	}
	sort.Strings(lines)
	return dedupe(lines)
}

// normalise converts Go numbers the way the JSON decoder would produce them
// for the validator (it expects json.Number or float64 from JSON).
func normalise(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = normalise(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = normalise(e)
		}
		return out
	case int:
		return float64(x)
	}
	return v
}

func leaves(e *jsonschema.ValidationError) []*jsonschema.ValidationError {
	if len(e.Causes) == 0 {
		return []*jsonschema.ValidationError{e}
	}
	var out []*jsonschema.ValidationError
	for _, c := range e.Causes {
		out = append(out, leaves(c)...)
	}
	return out
}

func describe(tool string, e *jsonschema.ValidationError) string {
	field := strings.Join(e.InstanceLocation, ".")
	switch k := e.ErrorKind.(type) {
	case *kind.Required:
		var parts []string
		for _, m := range k.Missing {
			name := m
			if field != "" {
				name = field + "." + m
			}
			parts = append(parts, fmt.Sprintf("%s: required parameter `%s` is missing", tool, name))
		}
		return strings.Join(parts, "\n")
	case *kind.AdditionalProperties:
		return fmt.Sprintf("%s: unexpected parameter(s) %s", tool, "`"+strings.Join(k.Properties, "`, `")+"`")
	}
	if field == "" {
		return fmt.Sprintf("%s: %s", tool, e.ErrorKind.LocalizedString(printer))
	}
	return fmt.Sprintf("%s: parameter `%s`: %s", tool, field, e.ErrorKind.LocalizedString(printer))
}

func dedupe(s []string) []string {
	var out []string
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

// checkBash: the command is not blank, the timeout within bounds.
func checkBash(in map[string]any) []string {
	var out []string
	if s, _ := in["command"].(string); strings.TrimSpace(s) == "" {
		out = append(out, "Bash: parameter `command` must not be empty")
	}
	if t, ok := in["timeout"].(float64); ok && (t <= 0 || t > 600000) {
		out = append(out, fmt.Sprintf("Bash: parameter `timeout` must be between 1 and 600000 ms, got %v", t))
	}
	return out
}

// checkEdit: the edit changes something.
func checkEdit(in map[string]any) []string {
	if o, n := in["old_string"], in["new_string"]; o != nil && o == n {
		return []string{"Edit: `old_string` and `new_string` must differ"}
	}
	return nil
}

// checkMultiEdit: at least one edit, each changing something.
func checkMultiEdit(in map[string]any) []string {
	var out []string
	edits, _ := in["edits"].([]any)
	if len(edits) == 0 {
		out = append(out, "MultiEdit: parameter `edits` must hold at least one edit")
	}
	for i, e := range edits {
		m, ok := e.(map[string]any)
		if !ok {
			out = append(out, fmt.Sprintf("MultiEdit: `edits[%d]` must be an object", i))
			continue
		}
		o, ok1 := m["old_string"].(string)
		n, ok2 := m["new_string"].(string)
		switch {
		case !ok1 || !ok2:
			out = append(out, fmt.Sprintf("MultiEdit: `edits[%d]` needs string `old_string` and `new_string`", i))
		case o == n:
			out = append(out, fmt.Sprintf("MultiEdit: `edits[%d]`: `old_string` and `new_string` must differ", i))
		}
	}
	return out
}

// checkWebFetch: an absolute http or https URL.
func checkWebFetch(in map[string]any) []string {
	s, _ := in["url"].(string)
	u, err := url.Parse(s)
	switch {
	case err != nil || u.Host == "":
		return []string{fmt.Sprintf("WebFetch: parameter `url` must be an absolute http or https URL, got %q", s)}
	case u.Scheme != "http" && u.Scheme != "https":
		return []string{fmt.Sprintf("WebFetch: only http and https URLs can be fetched, got scheme %q", u.Scheme)}
	}
	return nil
}
