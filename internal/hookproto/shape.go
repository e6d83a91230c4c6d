package hookproto

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Shape describes the structure of one JSON document without its values:
// an object is {key:shape,…}, an array [shape] by its first element ([]
// when empty), a scalar its type (string, number, bool, null). The
// top-level keys keep their document order (EncodeInput writes them in
// Claude Code's); nested keys are sorted, as JSON objects are unordered.
// Two hook inputs with the same Shape have the same fields with the same
// types. A field named in opaque (at any depth) is only "{…}" or "[…]".
// It is safe for concurrent use.
func Shape(raw []byte, opaque ...string) (string, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	s, err := shapeOf(dec, 0, opaque)
	if err != nil {
		return "", fmt.Errorf("shape at offset %d: %w", dec.InputOffset(), err)
	}
	return s, nil
}

func shapeOf(dec *json.Decoder, depth int, opaque []string) (string, error) {
	tok, err := dec.Token()
	if err != nil {
		return "", err
	}
	switch t := tok.(type) {
	case json.Delim:
		if t == '[' {
			return shapeArray(dec, depth, opaque)
		}
		return shapeObject(dec, depth, opaque)
	case string:
		return "string", nil
	case json.Number:
		return "number", nil
	case bool:
		return "bool", nil
	}
	return "null", nil
}

func shapeArray(dec *json.Decoder, depth int, opaque []string) (string, error) {
	var first string
	for n := 0; dec.More(); n++ {
		s, err := shapeOf(dec, depth+1, opaque)
		if err != nil {
			return "", err
		}
		if n == 0 {
			first = s
		}
	}
	_, err := dec.Token()
	return "[" + first + "]", err
}

func shapeObject(dec *json.Decoder, depth int, opaque []string) (string, error) {
	var fields []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return "", err
		}
		key, _ := tok.(string)
		s, err := shapeOf(dec, depth+1, opaque)
		if err != nil {
			return "", err
		}
		if slices.Contains(opaque, key) && (s[0] == '{' || s[0] == '[') {
			s = map[byte]string{'{': "{…}", '[': "[…]"}[s[0]]
		}
		fields = append(fields, key+":"+s)
	}
	if depth > 0 {
		sort.Strings(fields)
	}
	_, err := dec.Token()
	return "{" + strings.Join(fields, ",") + "}", err
}
