package settings

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// nodeKind is the JSON type of a node in a settings document.
type nodeKind int

const (
	kindNull nodeKind = iota
	kindBool
	kindNumber
	kindString
	kindArray
	kindObject
)

func (k nodeKind) String() string {
	return [...]string{"null", "boolean", "number", "string", "array", "object"}[k]
}

// node is one value of a settings document with the position where it starts.
// Both JSON and YAML files are read into this tree so that one decoder, with
// one set of error messages, serves both formats.
type node struct {
	kind   nodeKind
	str    string // string value, or the literal text of a number or boolean
	bool   bool
	items  []*node
	keys   []*node // object keys (kind string), parallel to items
	line   int
	column int
}

// field returns the value of key in an object node, or nil.
func (n *node) field(key string) *node {
	for i, k := range n.keys {
		if k.str == key {
			return n.items[i]
		}
	}
	return nil
}

// lineIndex maps byte offsets to 1-based line and column (columns count runes).
// It remembers the last position asked for: a parse asks in increasing
// order, and counting each column from the start of its line made a
// minified (one-line) file of n values cost n² rune counts — a settings
// file a repository ships would keep a hook busy past the agent's hook
// timeout, which lets the call through.
type lineIndex struct {
	src    []byte
	starts []int
	// lastOff, lastLine and lastCol are the last position computed.
	lastOff, lastLine, lastCol int
}

func newLineIndex(src []byte) *lineIndex {
	li := &lineIndex{src: src, starts: []int{0}}
	for i, b := range src {
		if b == '\n' {
			li.starts = append(li.starts, i+1)
		}
	}
	return li
}

func (li *lineIndex) position(off int) (line, col int) {
	if off > len(li.src) {
		off = len(li.src)
	}
	lo, hi := 0, len(li.starts)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if li.starts[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	from, col := li.starts[lo], 1
	if li.lastLine == lo+1 && li.lastOff >= from && li.lastOff <= off {
		from, col = li.lastOff, li.lastCol
	}
	col += utf8.RuneCount(li.src[from:off])
	li.lastOff, li.lastLine, li.lastCol = off, lo+1, col
	return lo + 1, col
}

// parseJSON reads a strict JSON document into a node tree. Syntax errors are
// returned as *Error with the line and column of the offending byte.
func parseJSON(file string, src []byte) (*node, error) {
	li := newLineIndex(src)
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.UseNumber()
	p := &jsonParser{dec: dec, src: src, li: li, file: file}
	n, err := p.value()
	if err != nil {
		return nil, err
	}
	end := p.tokenStart()
	if _, err := dec.Token(); err != io.EOF {
		line, col := li.position(end)
		return nil, &Error{Pos: Position{File: file, Line: line, Column: col}, Code: CodeSyntax,
			Msg: "unexpected data after the top-level value"}
	}
	return n, nil
}

type jsonParser struct {
	dec   *json.Decoder
	src   []byte
	li    *lineIndex
	file  string
	depth int
}

// maxDepth bounds how deeply a settings document's objects and arrays
// nest (real files: under ten). A repository's file of millions of '['
// overflowed the parser's stack: a crash, not an answer in the agent's
// own terms.
const maxDepth = 512

// keySet finds duplicate keys of one object: a scan of the keys read so
// far while there are few, a map once there are many (an object of n keys
// must not cost n²).
type keySet struct {
	keys []string
	set  map[string]bool
}

// add records k and reports whether it was already there.
func (ks *keySet) add(k string) bool {
	if ks.set != nil {
		if ks.set[k] {
			return true
		}
		ks.set[k] = true
		return false
	}
	for _, prev := range ks.keys {
		if prev == k {
			return true
		}
	}
	ks.keys = append(ks.keys, k)
	if len(ks.keys) > 16 {
		ks.set = make(map[string]bool, 2*len(ks.keys))
		for _, prev := range ks.keys {
			ks.set[prev] = true
		}
	}
	return false
}

// tooDeep is the error for a value nested past maxDepth.
func tooDeep(file string, line, col int) error {
	return &Error{Pos: Position{File: file, Line: line, Column: col}, Code: CodeLimit, Err: ErrTooLarge,
		Msg: fmt.Sprintf("objects and arrays nested more than %d deep", maxDepth)}
}

// tokenStart is the offset of the next token: the decoder's offset moved past
// the whitespace and separators it has not consumed yet.
func (p *jsonParser) tokenStart() int {
	off := int(p.dec.InputOffset())
	for off < len(p.src) {
		switch p.src[off] {
		case ' ', '\t', '\r', '\n', ',', ':':
			off++
			continue
		}
		break
	}
	return off
}

func (p *jsonParser) syntaxError(err error) error {
	var se *json.SyntaxError
	off := p.tokenStart()
	msg := err.Error()
	if errors.As(err, &se) {
		off = int(se.Offset)
		if off > 0 {
			off--
		}
	} else if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		off = len(p.src)
		msg = "unexpected end of file: an object or array is not closed"
	}
	line, col := p.li.position(off)
	return &Error{Pos: Position{File: p.file, Line: line, Column: col}, Code: CodeSyntax, Msg: "invalid JSON: " + msg}
}

func (p *jsonParser) value() (*node, error) {
	start := p.tokenStart()
	tok, err := p.dec.Token()
	if err != nil {
		return nil, p.syntaxError(err)
	}
	line, col := p.li.position(start)
	n := &node{line: line, column: col}
	switch t := tok.(type) {
	case json.Delim:
		if p.depth++; p.depth > maxDepth {
			return nil, tooDeep(p.file, line, col)
		}
		defer func() { p.depth-- }()
		switch t {
		case '{':
			n.kind = kindObject
			var seen keySet
			for p.dec.More() {
				kstart := p.tokenStart()
				ktok, err := p.dec.Token()
				if err != nil {
					return nil, p.syntaxError(err)
				}
				ks, ok := ktok.(string)
				if !ok {
					return nil, p.syntaxError(fmt.Errorf("object key must be a string"))
				}
				kl, kc := p.li.position(kstart)
				if seen.add(ks) {
					return nil, &Error{Pos: Position{File: p.file, Line: kl, Column: kc}, Code: CodeSyntax,
						Msg: fmt.Sprintf("duplicate key %q", ks)}
				}
				v, err := p.value()
				if err != nil {
					return nil, err
				}
				n.keys = append(n.keys, &node{kind: kindString, str: ks, line: kl, column: kc})
				n.items = append(n.items, v)
			}
		case '[':
			n.kind = kindArray
			for p.dec.More() {
				v, err := p.value()
				if err != nil {
					return nil, err
				}
				n.items = append(n.items, v)
			}
		}
		if _, err := p.dec.Token(); err != nil {
			return nil, p.syntaxError(err)
		}
	case string:
		n.kind, n.str = kindString, t
	case json.Number:
		n.kind, n.str = kindNumber, t.String()
	case bool:
		n.kind, n.bool, n.str = kindBool, t, strconv.FormatBool(t)
	case nil:
		n.kind = kindNull
	}
	return n, nil
}

// parseYAML reads a YAML document into a node tree.
func parseYAML(file string, src []byte) (*node, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		line := 0
		var te *yaml.TypeError
		msg := err.Error()
		if !errors.As(err, &te) {
			fmt.Sscanf(msg, "yaml: line %d:", &line)
		}
		return nil, &Error{Pos: Position{File: file, Line: line}, Code: CodeSyntax, Msg: "invalid YAML: " + msg}
	}
	if doc.Kind == 0 {
		return &node{kind: kindObject, line: 1, column: 1}, nil
	}
	if err := singleDocument(file, src); err != nil {
		return nil, err
	}
	r := &yamlReader{file: file, budget: yamlBudget(len(src)), limit: yamlBudget(len(src))}
	return r.fromYAML(&doc)
}

// yamlBudget bounds the values a YAML document may expand to: without
// aliases a document has fewer values than bytes; aliases may repeat what
// they name a few times over, not exponentially (a "billion laughs" file is
// an error, not gigabytes).
func yamlBudget(size int) int { return 10_000 + 10*size }

// yamlReader converts a YAML node tree, expanding aliases within a budget.
type yamlReader struct {
	file   string
	budget int
	limit  int
	alias  *yaml.Node // the outermost alias being expanded, for the error position
	depth  int
}

func (r *yamlReader) fromYAML(y *yaml.Node) (*node, error) {
	file := r.file
	if r.budget--; r.budget < 0 {
		at := y
		if r.alias != nil {
			at = r.alias
		}
		return nil, &Error{Pos: Position{File: file, Line: at.Line, Column: at.Column}, Code: CodeLimit, Err: ErrTooLarge,
			Msg: fmt.Sprintf("YAML aliases expand to more than %d values (an alias bomb?)", r.limit)}
	}
	n := &node{line: y.Line, column: y.Column}
	if y.Kind == yaml.MappingNode || y.Kind == yaml.SequenceNode {
		if r.depth++; r.depth > maxDepth {
			return nil, tooDeep(file, y.Line, y.Column)
		}
		defer func() { r.depth-- }()
	}
	switch y.Kind {
	case yaml.DocumentNode:
		return r.fromYAML(y.Content[0])
	case yaml.AliasNode:
		if r.alias == nil {
			r.alias = y
			defer func() { r.alias = nil }()
		}
		return r.fromYAML(y.Alias)
	case yaml.MappingNode:
		n.kind = kindObject
		var seen keySet
		for i := 0; i+1 < len(y.Content); i += 2 {
			k, v := y.Content[i], y.Content[i+1]
			// An alias as a key ("*a: …") holds the alias's name in
			// Value, not the key: with "&allow deny" earlier, "*allow:"
			// is the key deny to every YAML reader, and must not be read
			// as allow. The key is what the alias names, a plain scalar.
			if k.Kind == yaml.AliasNode {
				if k.Alias == nil || k.Alias.Kind != yaml.ScalarNode {
					return nil, &Error{Pos: Position{File: file, Line: k.Line, Column: k.Column}, Code: CodeSyntax,
						Msg: "a settings key must be a string: this alias names a list or an object"}
				}
				at := *k.Alias
				at.Line, at.Column = k.Line, k.Column
				k = &at
			}
			// A merge key ("<<: *base") would be a plain key here and
			// what it merges silently unapplied: a deny list shared by
			// an anchor must not vanish with a warning.
			if k.Tag == "!!merge" {
				return nil, &Error{Pos: Position{File: file, Line: k.Line, Column: k.Column}, Code: CodeSyntax,
					Msg: "YAML merge keys (<<) are not supported in settings: write the keys out (an alias as a whole value is fine)"}
			}
			if seen.add(k.Value) {
				return nil, &Error{Pos: Position{File: file, Line: k.Line, Column: k.Column}, Code: CodeSyntax,
					Msg: fmt.Sprintf("duplicate key %q", k.Value)}
			}
			vn, err := r.fromYAML(v)
			if err != nil {
				return nil, err
			}
			n.keys = append(n.keys, &node{kind: kindString, str: k.Value, line: k.Line, column: k.Column})
			n.items = append(n.items, vn)
		}
	case yaml.SequenceNode:
		n.kind = kindArray
		for _, c := range y.Content {
			cn, err := r.fromYAML(c)
			if err != nil {
				return nil, err
			}
			n.items = append(n.items, cn)
		}
	case yaml.ScalarNode:
		switch y.Tag {
		case "!!null":
			n.kind = kindNull
		case "!!bool":
			// YAML spells true as true, True or TRUE; the tree holds the
			// JSON spelling, which is what every reader of a boolean
			// compares with (a managed "allowManagedPermissionRulesOnly:
			// True" must lock).
			n.kind = kindBool
			n.bool = y.Value == "true" || y.Value == "True" || y.Value == "TRUE"
			n.str = strconv.FormatBool(n.bool)
		case "!!int", "!!float":
			n.kind, n.str = kindNumber, y.Value
		default:
			n.kind, n.str = kindString, y.Value
		}
	}
	return n, nil
}

// singleDocument rejects a YAML stream of more than one document. Only the
// first would be read: a deny list placed in a later document ("---")
// would be silently lost, and another reader may take the last one.
func singleDocument(file string, src []byte) error {
	dec := yaml.NewDecoder(bytes.NewReader(src))
	var first, second yaml.Node
	if err := dec.Decode(&first); err != nil {
		return nil // the single-document parse above already succeeded
	}
	for {
		second = yaml.Node{}
		err := dec.Decode(&second)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return &Error{Pos: Position{File: file}, Code: CodeSyntax, Msg: "invalid YAML: " + err.Error()}
		}
		if !emptyDocument(&second) { // a bare "---" at the end holds nothing
			break
		}
	}
	return &Error{Pos: Position{File: file, Line: second.Line, Column: second.Column}, Code: CodeSyntax,
		Msg: "more than one YAML document (---): a settings file is one document"}
}

func emptyDocument(d *yaml.Node) bool {
	for _, c := range d.Content {
		if c.Kind != yaml.ScalarNode || c.Tag != "!!null" || c.Value != "" {
			return false
		}
	}
	return true
}
