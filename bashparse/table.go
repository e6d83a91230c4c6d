package bashparse

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Effect is what a command or one of its options does, as a command table
// entry states it.
type Effect string

// Effects a table entry or option can state. Only EffectReadOnly approves;
// EffectRuns checks the command in the operands (xargs).
const (
	EffectReadOnly   Effect = "read-only"
	EffectWrites     Effect = "writes"
	EffectExecutes   Effect = "executes"
	EffectNetworkOut Effect = "network-out"
	EffectRuns       Effect = "runs-command"
)

var effects = map[Effect]bool{EffectReadOnly: true, EffectWrites: true, EffectExecutes: true,
	EffectNetworkOut: true, EffectRuns: true}

// TableFile is one YAML command table: its name (for file:line in errors
// and explanations) and its content.
type TableFile struct {
	Name string
	Data []byte
}

// TableError is a mistake in a command table, at its file and line.
type TableError struct {
	File string
	Line int
	Msg  string
}

func (e *TableError) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// TableRef names the table entry that made a command read-only.
type TableRef struct {
	// Entry is the CLI and its subcommand path ("kubectl get").
	Entry    string `json:"entry"`
	Category string `json:"category,omitempty"`
	File     string `json:"file"`
	Line     int    `json:"line"`
}

func (r TableRef) String() string {
	if r.Line == 0 {
		return r.Entry + " (" + r.File + ")"
	}
	return fmt.Sprintf("%s (%s:%d)", r.Entry, r.File, r.Line)
}

// rawNode is an entry as written, before files are merged and parents'
// settings inherited; nil pointers are "not set here".
type rawNode struct {
	file, category, style, check *string
	line                         int
	effect                       *Effect
	network, numeric             *bool
	plainOperands                *bool // host-operands: false
	operands                     *string
	opts                         map[Effect]*string // options by the effect they have ("" = read-only)
	optLines                     map[Effect]int
	children                     map[string]*rawNode
	order                        []string
	aliases                      []string
	groups, requires, refuse     *string
	operandsNeed                 *string
}

// rawFile is one table file: entries, categories turned off, entries removed.
type rawFile struct {
	clis    map[string]*rawNode
	order   []string
	disable []string
	remove  []string
	name    string
	removeL []int
}

// parseTableFile reads one YAML table, reporting mistakes at file:line.
func parseTableFile(f TableFile) (*rawFile, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(f.Data, &doc); err != nil {
		line := 0
		_, _ = fmt.Sscanf(err.Error(), "yaml: line %d:", &line)
		return nil, &TableError{File: f.Name, Line: line, Msg: err.Error()}
	}
	out := &rawFile{clis: map[string]*rawNode{}, name: f.Name}
	if len(doc.Content) == 0 {
		return out, nil
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, &TableError{File: f.Name, Line: root.Line, Msg: "a command table is a mapping (commands, disable, remove)"}
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		switch k.Value {
		case "commands":
			if v.Kind != yaml.MappingNode {
				return nil, &TableError{File: f.Name, Line: v.Line, Msg: "commands: expected a mapping of CLI names"}
			}
			for j := 0; j+1 < len(v.Content); j += 2 {
				name := v.Content[j].Value
				n, err := parseNode(f.Name, name, v.Content[j+1])
				if err != nil {
					return nil, err
				}
				n.line = v.Content[j].Line
				out.clis[name] = n
				out.order = append(out.order, name)
			}
		case "disable", "remove":
			list, err := stringList(f.Name, v)
			if err != nil {
				return nil, err
			}
			if k.Value == "disable" {
				out.disable = append(out.disable, list...)
			} else {
				out.remove = append(out.remove, list...)
				for range list {
					out.removeL = append(out.removeL, v.Line)
				}
			}
		default:
			return nil, &TableError{File: f.Name, Line: k.Line, Msg: fmt.Sprintf("unknown key %q (expected commands, disable or remove)", k.Value)}
		}
	}
	return out, nil
}

func stringList(file string, v *yaml.Node) ([]string, error) {
	if v.Kind != yaml.SequenceNode {
		return nil, &TableError{File: file, Line: v.Line, Msg: "expected a list of strings"}
	}
	var out []string
	for _, it := range v.Content {
		if it.Kind != yaml.ScalarNode {
			return nil, &TableError{File: file, Line: it.Line, Msg: "expected a string"}
		}
		out = append(out, it.Value)
	}
	return out, nil
}

// parseNode reads one entry: a bare effect ("exec: executes") or a mapping.
func parseNode(file, path string, v *yaml.Node) (*rawNode, error) {
	n := &rawNode{file: &file, line: v.Line}
	if v.Kind == yaml.AliasNode && v.Alias != nil {
		v = v.Alias
	}
	bad := func(line int, format string, args ...any) error {
		return &TableError{File: file, Line: line, Msg: path + ": " + fmt.Sprintf(format, args...)}
	}
	if v.Kind == yaml.ScalarNode {
		e := Effect(v.Value)
		if !effects[e] {
			return nil, bad(v.Line, "unknown effect %q", v.Value)
		}
		n.effect = &e
		return n, nil
	}
	if v.Kind != yaml.MappingNode {
		return nil, bad(v.Line, "expected an effect or a mapping")
	}
	str := func(x *yaml.Node) (*string, error) {
		if x.Kind != yaml.ScalarNode {
			return nil, bad(x.Line, "expected a string")
		}
		s := x.Value
		return &s, nil
	}
	boolean := func(x *yaml.Node) (*bool, error) {
		b, err := strconv.ParseBool(x.Value)
		if x.Kind != yaml.ScalarNode || err != nil {
			return nil, bad(x.Line, "expected true or false")
		}
		return &b, nil
	}
	var err error
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, x := v.Content[i], v.Content[i+1]
		switch k.Value {
		case "effect":
			e := Effect(x.Value)
			if !effects[e] {
				return nil, bad(x.Line, "unknown effect %q", x.Value)
			}
			n.effect = &e
		case "category":
			n.category, err = str(x)
		case "style":
			n.style, err = str(x)
			if err == nil && *n.style != "getopt" && *n.style != "go" {
				err = bad(x.Line, "style %q: expected getopt or go", *n.style)
			}
		case "check":
			n.check, err = str(x)
			if err == nil && tableChecks[*n.check] == nil {
				err = bad(x.Line, "unknown check %q", *n.check)
			}
		case "network":
			n.network, err = boolean(x)
		case "numeric":
			n.numeric, err = boolean(x)
		case "host-operands":
			var b *bool
			if b, err = boolean(x); err == nil {
				nb := !*b
				n.plainOperands = &nb
			}
		case "operands":
			n.operands, err = str(x)
			if err == nil {
				if _, perr := strconv.Atoi(*n.operands); perr != nil && *n.operands != "any" && *n.operands != "none" && *n.operands != "files" && *n.operands != "first-file" {
					err = bad(x.Line, "operands %q: expected any, none, files, first-file or a number", *n.operands)
				}
			}
		case "groups", "requires", "refuse", "operands-need":
			var sp *string
			if sp, err = str(x); err == nil {
				switch k.Value {
				case "operands-need":
					n.operandsNeed = sp
				case "groups":
					n.groups = sp
				case "requires":
					n.requires = sp
				default:
					n.refuse = sp
				}
			}
		case "aliases":
			var s *string
			if s, err = str(x); err == nil {
				n.aliases = strings.Fields(*s)
			}
		case "options", "writes", "executes", "network-out":
			e := EffectReadOnly
			if k.Value != "options" {
				e = Effect(k.Value)
			}
			var s *string
			if s, err = str(x); err == nil {
				for _, tok := range strings.Fields(*s) {
					if _, _, perr := parseOptToken(tok, e); perr != nil {
						return nil, bad(x.Line, "%v", perr)
					}
				}
				if n.opts == nil {
					n.opts, n.optLines = map[Effect]*string{}, map[Effect]int{}
				}
				n.opts[e], n.optLines[e] = s, x.Line
			}
		case "commands":
			if x.Kind != yaml.MappingNode {
				return nil, bad(x.Line, "commands: expected a mapping")
			}
			n.children = map[string]*rawNode{}
			for j := 0; j+1 < len(x.Content); j += 2 {
				name := x.Content[j].Value
				c, cerr := parseNode(file, path+" "+name, x.Content[j+1])
				if cerr != nil {
					return nil, cerr
				}
				c.line = x.Content[j].Line
				n.children[name] = c
				n.order = append(n.order, name)
			}
		default:
			return nil, bad(k.Line, "unknown key %q", k.Value)
		}
		if err != nil {
			return nil, err
		}
	}
	return n, nil
}

// merge lays an override entry over a base one: what the override sets
// replaces the base's, children are merged by name.
func merge(base, over *rawNode) *rawNode {
	if base == nil {
		return over
	}
	m := *base
	m.line, m.file = over.line, over.file
	for _, p := range []struct{ dst, src **string }{{&m.category, &over.category}, {&m.style, &over.style},
		{&m.check, &over.check}, {&m.operands, &over.operands}, {&m.groups, &over.groups},
		{&m.requires, &over.requires}, {&m.refuse, &over.refuse}, {&m.operandsNeed, &over.operandsNeed}} {
		if *p.src != nil {
			*p.dst = *p.src
		}
	}
	if over.effect != nil {
		m.effect = over.effect
	}
	if over.network != nil {
		m.network = over.network
	}
	if over.numeric != nil {
		m.numeric = over.numeric
	}
	if over.plainOperands != nil {
		m.plainOperands = over.plainOperands
	}
	if over.aliases != nil {
		m.aliases = over.aliases
	}
	if over.opts != nil {
		m.opts, m.optLines = map[Effect]*string{}, map[Effect]int{}
		for e, s := range base.opts {
			m.opts[e], m.optLines[e] = s, base.optLines[e]
		}
		for e, s := range over.opts {
			m.opts[e], m.optLines[e] = s, over.optLines[e]
		}
	}
	if over.children != nil {
		m.children = map[string]*rawNode{}
		m.order = append([]string(nil), base.order...)
		for k, c := range base.children {
			m.children[k] = c
		}
		for _, k := range over.order {
			if _, ok := m.children[k]; !ok {
				m.order = append(m.order, k)
			}
			m.children[k] = merge(m.children[k], over.children[k])
		}
	}
	return &m
}

// sortedKeys lists a map's keys in order (stable output for data and tests).
func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
