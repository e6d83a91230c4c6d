package engine

import (
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
)

// The native ports of the rules that match one input field: Tool(param:value)
// rules and the specifier fields of Skill, SlashCommand, Agent and the like.

// paramMatches ports lib.param_value_matches on the field of in: its
// value when a scalar, else any scalar inside it or any key.
func (n *nativeEval) paramMatches(r *nativeRule, in map[string]any) bool {
	v, ok := in[r.Param]
	if !ok {
		return false
	}
	return n.valueMatches(r.re, v)
}

// valueMatches reports re matching v (a scalar's text) or, for an array or
// object, any scalar inside it at any depth or any of its keys.
func (n *nativeEval) valueMatches(re *lazyRegex, v any) bool {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if n.re(re, k) || n.valueMatches(re, e) {
				return true
			}
		}
		return false
	case []any:
		for _, e := range x {
			if n.valueMatches(re, e) {
				return true
			}
		}
		return false
	case []map[string]any:
		for _, e := range x {
			if n.valueMatches(re, e) {
				return true
			}
		}
		return false
	}
	s, ok, err := scalarText(v)
	if err != nil {
		n.fail(err)
		return false
	}
	if ok {
		return n.re(re, s)
	}
	// Another container type: the policy sees its JSON form.
	b, err := json.Marshal(v)
	if err != nil {
		n.fail(err)
		return false
	}
	var generic any
	if err := json.Unmarshal(b, &generic); err != nil {
		n.fail(err)
		return false
	}
	return n.valueMatches(re, generic)
}

// fieldMatches ports lib.field_matches (deny and ask): the rule's regex
// against every spec field the input holds as a string, as written,
// trimmed, and trimmed without one leading "/" — any one matching.
func (n *nativeEval) fieldMatches(r *nativeRule) bool {
	if r.Kind != "field" {
		return false
	}
	for _, f := range r.Fields {
		s, ok := n.in.Input[f].(string)
		if !ok {
			continue
		}
		t := strings.TrimSpace(s)
		if n.re(r.re, s) || n.re(r.re, t) || n.re(r.re, strings.TrimPrefix(t, "/")) {
			return true
		}
	}
	return false
}

// fieldAllows ports lib.field_allows (allow): every spec field the input
// holds (at least one) is a string the rule's regex matches as written.
func (n *nativeEval) fieldAllows(r *nativeRule) bool {
	if r.Kind != "field" {
		return false
	}
	seen := false
	for _, f := range r.Fields {
		v, ok := n.in.Input[f]
		if !ok {
			continue
		}
		s, ok := v.(string)
		if !ok || !n.re(r.re, s) {
			return false
		}
		seen = true
	}
	return seen
}

// agentMatches: regex.match(r.re, object.get(input.input, "subagent_type",
// omitted)) — omitted is the default agent's type for deny and ask rules
// (lib.rule_matches_call), "" for allow rules (allow.rego).
func (n *nativeEval) agentMatches(r *nativeRule, omitted string) bool {
	if r.re.src == "" {
		return false
	}
	v, ok := n.in.Input["subagent_type"]
	if !ok {
		v = omitted
	}
	s, isString := v.(string)
	if !isString {
		n.fail(errOperand("regex.match", v))
		return false
	}
	return n.re(r.re, s)
}

// scalarText ports lib.scalar_text(v) for a value that is neither an
// object nor an array (ok false otherwise): a string as it is, anything
// else as OPA's json.marshal writes the value OPA's input holds — which,
// for the scalars JSON input can hold (numbers, booleans, null), is what
// encoding/json writes (a test holds it to OPA's own conversion).
func scalarText(v any) (string, bool, error) {
	if s, ok := v.(string); ok {
		return s, true, nil
	}
	if v != nil {
		switch rv := reflect.ValueOf(v); rv.Kind() {
		case reflect.Map, reflect.Slice:
			if rv.IsNil() {
				return "null", true, nil
			}
			return "", false, nil
		case reflect.Array, reflect.Struct:
			return "", false, nil
		case reflect.Float32, reflect.Float64:
			// OPA reads a float as its shortest decimal, never exponent form.
			return strconv.FormatFloat(rv.Float(), 'f', -1, rv.Type().Bits()), true, nil
		case reflect.Pointer, reflect.Interface:
			if rv.IsNil() {
				return "null", true, nil
			}
			return scalarText(rv.Elem().Interface())
		}
	}
	b, err := json.Marshal(v)
	if err != nil {
		return "", false, err
	}
	if len(b) > 0 && b[0] == '"' {
		// A type that marshals as a string (a json.Marshaler): OPA reads
		// it back as that string.
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return "", false, err
		}
		return s, true, nil
	}
	if len(b) > 0 && (b[0] == '{' || b[0] == '[') {
		return "", false, nil
	}
	return string(b), true, nil
}
