package tools

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

//go:embed schemas/*.json
var schemaFiles embed.FS

// schemaFor returns the embedded JSON Schema (2020-12) of a built-in tool.
func schemaFor(name string) []byte {
	b, err := schemaFiles.ReadFile("schemas/" + name + ".json")
	if err != nil {
		panic(err) // every built-in ships its schema
	}
	return b
}

var (
	compiledMu sync.Mutex
	compiled   = map[string]*jsonschema.Schema{}
	printer    = message.NewPrinter(language.English)
)

// compile returns the compiled schema of a tool, compiling it once.
func compile(t Tool) (*jsonschema.Schema, error) {
	compiledMu.Lock()
	defer compiledMu.Unlock()
	key := t.Name() + "\x00" + string(t.InputSchema())
	if s, ok := compiled[key]; ok {
		return s, nil
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(t.InputSchema()))
	if err != nil {
		return nil, fmt.Errorf("%s: schema: %w", t.Name(), err)
	}
	c := jsonschema.NewCompiler()
	url := "agentctl:///tools/" + t.Name() + ".json"
	if err := c.AddResource(url, doc); err != nil {
		return nil, err
	}
	s, err := c.Compile(url)
	if err != nil {
		return nil, fmt.Errorf("%s: schema: %w", t.Name(), err)
	}
	compiled[key] = s
	return s, nil
}

// validateSchema checks an input against the tool's schema. Failures are
// model-readable: one line per issue naming the tool, the field and what
// was expected.
func validateSchema(t Tool, in Input) error {
	s, err := compile(t)
	if err != nil {
		return err
	}
	var v any = map[string]any(in)
	if in == nil {
		v = map[string]any{}
	}
	err = s.Validate(normalise(v))
	if err == nil {
		return nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return fmt.Errorf("%w: %s: %v", ErrInvalidInput, t.Name(), err)
	}
	var lines []string
	for _, leaf := range leaves(ve) {
		lines = append(lines, strings.Split(describe(t.Name(), leaf), "\n")...)
	}
	sort.Strings(lines)
	return fmt.Errorf("%w: %s", ErrInvalidInput, strings.Join(dedupe(lines), "\n"))
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

// ValidateSchema checks an input against a tool's JSON Schema only: the
// stateless part of validation (`agentctl check` runs it before the policy).
func ValidateSchema(t Tool, in Input) error { return validateSchema(t, in) }
