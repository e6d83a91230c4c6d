package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"
)

// ErrInvalidInput is matched (errors.Is) by every integrity problem of raw
// tool input JSON: input that two JSON parsers could read as two different
// objects. What is decided and what runs must be the same object.
var ErrInvalidInput = errors.New("invalid tool input")

// Sentinel errors for the integrity problems CheckJSON reports; each
// matches ErrInvalidInput too.
var (
	// ErrDuplicateKey: an object names one key twice. Parsers disagree on
	// which value wins ({"command":"sudo rm -rf /","command":"ls"}).
	ErrDuplicateKey = fmt.Errorf("%w: duplicate key", ErrInvalidInput)
	// ErrInvalidUTF8: bytes that are not UTF-8, or a \u escape of a lone
	// surrogate; parsers replace or keep them differently.
	ErrInvalidUTF8 = fmt.Errorf("%w: invalid UTF-8", ErrInvalidInput)
)

// InputError is an integrity problem at a position of raw input JSON. It
// prints as "name:line:col: message".
type InputError struct {
	Name   string // where the JSON came from (INPUT_JSON, a file, a line)
	Line   int    // 1-based
	Column int    // 1-based, in runes
	Msg    string
	Err    error // ErrDuplicateKey or ErrInvalidUTF8
}

func (e *InputError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.Name, e.Line, e.Column, e.Msg)
}

// Unwrap returns the sentinel error.
func (e *InputError) Unwrap() error { return e.Err }

// DecodeInput decodes raw tool input: one JSON object that CheckJSON
// accepts. Integrity problems match ErrInvalidInput (the call is invalid);
// any other error means the bytes are not a JSON object at all.
func DecodeInput(name string, raw []byte) (map[string]any, error) {
	if err := CheckJSON(name, raw); err != nil {
		return nil, err
	}
	var in map[string]any
	if err := json.Unmarshal(raw, &in); err != nil {
		return nil, fmt.Errorf("expected a JSON object: %w", err)
	}
	if in == nil {
		return nil, errors.New("expected a JSON object, got null")
	}
	return in, nil
}

// CheckJSON reports the first place where raw could be read two ways: a
// duplicate object key at any depth (compared after unescaping), invalid
// UTF-8, or a \u escape of a lone surrogate. A syntax error is returned as
// it is (it does not match ErrInvalidInput). It is safe for concurrent use.
func CheckJSON(name string, raw []byte) error {
	// The JSON v2 tokenizer rejects all three (and syntax errors) in one
	// pass without allocating; only input it rejects is walked again to
	// say where and why (FuzzCheckJSONFastPath holds the two in step).
	if jsontext.Value(raw).IsValid() {
		return nil
	}
	return checkJSONSlow(name, raw)
}

// checkJSONSlow is CheckJSON's token walk, which names the problem.
func checkJSONSlow(name string, raw []byte) error {
	at := func(off int, sentinel error, format string, args ...any) error {
		line, col := position(raw, off)
		return &InputError{Name: name, Line: line, Column: col, Msg: fmt.Sprintf(format, args...), Err: sentinel}
	}
	if !utf8.Valid(raw) {
		off := 0
		for off < len(raw) {
			r, size := utf8.DecodeRune(raw[off:])
			if r == utf8.RuneError && size <= 1 {
				break
			}
			off += size
		}
		return at(off, ErrInvalidUTF8, "invalid UTF-8 byte 0x%02x", raw[off])
	}
	if off, ok := loneSurrogate(raw); ok {
		return at(off, ErrInvalidUTF8, "%s is a lone UTF-16 surrogate, not a character", raw[off:off+6])
	}
	type frame struct {
		object    bool
		expectKey bool
		keys      map[string]bool
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var stack []*frame
	for {
		start := skipSpace(raw, int(dec.InputOffset()))
		tok, err := dec.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			stack = stack[:len(stack)-1]
			continue
		}
		if top != nil && top.object && top.expectKey {
			key := tok.(string)
			if top.keys[key] {
				return at(start, ErrDuplicateKey, "duplicate key %s", strconv.Quote(key))
			}
			top.keys[key] = true
			top.expectKey = false
			continue
		}
		if top != nil && top.object {
			top.expectKey = true
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &frame{object: true, expectKey: true, keys: map[string]bool{}})
		case json.Delim('['):
			stack = append(stack, &frame{})
		}
	}
}

// loneSurrogate finds a \uD800–\uDFFF escape inside a string that is not
// half of a surrogate pair.
func loneSurrogate(raw []byte) (int, bool) {
	hex := func(i int) (int, bool) {
		if i+6 > len(raw) || raw[i] != '\\' || raw[i+1] != 'u' {
			return 0, false
		}
		v, err := strconv.ParseUint(string(raw[i+2:i+6]), 16, 16)
		return int(v), err == nil
	}
	inString := false
	for i := 0; i < len(raw); i++ {
		switch c := raw[i]; {
		case !inString:
			inString = c == '"'
		case c == '"':
			inString = false
		case c == '\\' && i+1 < len(raw) && raw[i+1] == 'u':
			v, ok := hex(i)
			if !ok {
				i++
				continue
			}
			switch {
			case v >= 0xD800 && v <= 0xDBFF:
				if low, ok := hex(i + 6); ok && low >= 0xDC00 && low <= 0xDFFF {
					i += 11
					continue
				}
				return i, true
			case v >= 0xDC00 && v <= 0xDFFF:
				return i, true
			}
			i += 5
		case c == '\\':
			i++ // the escaped character
		}
	}
	return 0, false
}

// skipSpace moves off past whitespace and the separators the decoder has
// not consumed yet, to where the next token starts.
func skipSpace(raw []byte, off int) int {
	for off < len(raw) {
		switch raw[off] {
		case ' ', '\t', '\r', '\n', ',', ':':
			off++
			continue
		}
		break
	}
	return off
}

// position maps a byte offset to a 1-based line and column (in runes).
func position(raw []byte, off int) (line, col int) {
	line, lineStart := 1, 0
	for i := 0; i < off && i < len(raw); i++ {
		if raw[i] == '\n' {
			line, lineStart = line+1, i+1
		}
	}
	return line, utf8.RuneCount(raw[lineStart:min(off, len(raw))]) + 1
}
