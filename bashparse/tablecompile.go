package bashparse

import (
	"fmt"
	"strconv"
	"strings"
)

// Table is compiled command knowledge: per CLI its options, subcommand tree
// and what each form does, read from YAML tables (rego/commands and an
// org's own files). A nil *Table knows nothing (the core profile). A Table
// is immutable once compiled and safe for concurrent use.
type Table struct {
	clis map[string]*tableNode
	// data is the table as the bundle carries it (data.agentctl.commands).
	data map[string]any
}

// tableOpt is one option of a node as the program reads it.
type tableOpt struct {
	kind   int // 1 flag, 2 value required, 3 value only attached
	effect Effect
	file   bool            // the value is a file the command reads
	values map[string]bool // the only values that keep the command read-only (nil: any)
	check  func([]string) bool
}

// tableNode is one CLI or subcommand, with what it inherited compiled in.
type tableNode struct {
	ref     TableRef
	effect  Effect // "" when the bare form needs a subcommand
	network bool   // reaches a server: no word may be computed at run time
	// plainOperands: the operands of this network entry never name a host
	// (kubectl's TYPE.GROUP/NAME), so only URLs among them are refused.
	plainOperands bool
	goStyle       bool // single-dash long options (Go's flag package)
	disabled      bool // its category is turned off
	check         func([]string) bool
	maxOps        int // -1: any number of operands
	fileOps       bool
	// firstFileOp: the first operand is a file the command reads
	// (sqlite3 DB SQL).
	firstFileOp bool
	grammar     optGrammar
	opts        map[string]*tableOpt // by canonical name ("-n", "--namespace")
	// anyLong: any other long option is a parameter of the request
	// (cloud CLIs); its value is the next word unless that is an option.
	anyLong  bool
	children map[string]*tableNode
	// patterns are children named by a prefix ("describe-*", "*").
	patterns []pattern
	// groups are words that may stand between this node and a child
	// (gcloud compute instances list).
	groups map[string]bool
	// requires: the bare form is read-only only with one of these options.
	requires []string
	// refuse: operands (or their comma- or slash-separated parts) that make
	// the form not read-only (kubectl get secrets).
	refuse map[string]bool
	// operandsNeed: operands are allowed only with one of these options
	// (git tag -l PATTERN; git tag NAME creates a tag).
	operandsNeed []string
}

// pattern is a child entry named by a prefix of the word.
type pattern struct {
	prefix string
	node   *tableNode
}

// child finds the entry a word names: exactly, else the longest prefix
// pattern (only for plain lower-case words).
func (n *tableNode) child(w string) *tableNode {
	if c, ok := n.children[w]; ok {
		return c
	}
	if !plainWord(w) {
		return nil
	}
	var best *tableNode
	bl := -1
	for _, p := range n.patterns {
		if strings.HasPrefix(w, p.prefix) && len(p.prefix) > bl {
			best, bl = p.node, len(p.prefix)
		}
	}
	return best
}

func plainWord(w string) bool {
	if w == "" {
		return false
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' && i > 0) {
			return false
		}
	}
	return true
}

// CompileTable merges table files in order (later files add to, replace or
// remove earlier entries) and compiles them into lookup maps. Errors name
// the file and line.
func CompileTable(files ...TableFile) (*Table, error) {
	merged := map[string]*rawNode{}
	var order []string
	disabled := map[string]bool{}
	for _, f := range files {
		rf, err := parseTableFile(f)
		if err != nil {
			return nil, err
		}
		for _, name := range rf.order {
			if _, ok := merged[name]; !ok {
				order = append(order, name)
			}
			merged[name] = merge(merged[name], rf.clis[name])
		}
		for i, path := range rf.remove {
			if !removePath(merged, strings.Fields(path)) {
				return nil, &TableError{File: rf.name, Line: rf.removeL[i], Msg: fmt.Sprintf("remove %q: no such entry", path)}
			}
		}
		for _, c := range rf.disable {
			disabled[c] = true
		}
	}
	t := &Table{clis: map[string]*tableNode{}, data: map[string]any{}}
	for _, name := range order {
		r, ok := merged[name]
		if !ok {
			continue
		}
		n, err := compileNode(name, r, nil, disabled, t.data)
		if err != nil {
			return nil, err
		}
		t.clis[name] = n
		for _, a := range r.aliases {
			t.clis[a] = n
		}
	}
	if len(disabled) > 0 {
		t.data["disabled-categories"] = sortedKeys(disabled)
	}
	return t, nil
}

func removePath(m map[string]*rawNode, path []string) bool {
	if len(path) == 0 {
		return false
	}
	n, ok := m[path[0]]
	if !ok {
		return false
	}
	if len(path) == 1 {
		delete(m, path[0])
		return true
	}
	if n.children == nil {
		return false
	}
	c := *n
	c.children = map[string]*rawNode{}
	for k, v := range n.children {
		c.children[k] = v
	}
	if !removePath(c.children, path[1:]) {
		return false
	}
	m[path[0]] = &c
	return true
}

// compileNode builds the lookup node of an entry under parent (nil for a CLI).
func compileNode(path string, r *rawNode, parent *tableNode, disabled map[string]bool, data map[string]any) (*tableNode, error) {
	n := &tableNode{ref: TableRef{Entry: path, File: *r.file, Line: r.line}, maxOps: -1,
		opts: map[string]*tableOpt{}, children: map[string]*tableNode{}}
	if parent != nil {
		n.ref.Category, n.network, n.goStyle = parent.ref.Category, parent.network, parent.goStyle
		n.plainOperands = parent.plainOperands
		n.grammar.numeric = parent.grammar.numeric
		for k, o := range parent.opts {
			n.opts[k] = o
		}
	}
	if r.category != nil {
		n.ref.Category = *r.category
	}
	if r.network != nil {
		n.network = *r.network
	}
	if r.plainOperands != nil {
		n.plainOperands = *r.plainOperands
	}
	if r.style != nil {
		n.goStyle = *r.style == "go"
	}
	if r.numeric != nil {
		n.grammar.numeric = *r.numeric
	}
	if r.check != nil {
		n.check = tableChecks[*r.check]
	}
	if parent != nil {
		n.anyLong = parent.anyLong
	}
	set := func(sp *string) map[string]bool {
		if sp == nil {
			return nil
		}
		m := map[string]bool{}
		for _, f := range strings.Fields(*sp) {
			m[f] = true
		}
		return m
	}
	n.groups, n.refuse = set(r.groups), set(r.refuse)
	if r.requires != nil {
		n.requires = strings.Fields(*r.requires)
	}
	if r.operandsNeed != nil {
		n.operandsNeed = strings.Fields(*r.operandsNeed)
	}
	for _, e := range []Effect{EffectReadOnly, EffectWrites, EffectExecutes, EffectNetworkOut} {
		s, ok := r.opts[e]
		if !ok {
			continue
		}
		for _, tok := range strings.Fields(*s) {
			if tok == "--*" {
				n.anyLong = e == EffectReadOnly
				continue
			}
			name, o := mustOptToken(tok, e)
			switch {
			case n.goStyle:
				name = "--" + strings.TrimLeft(name, "-")
			case len(name) > 2 && name[1] != '-':
				return nil, &TableError{File: *r.file, Line: r.optLines[e],
					Msg: fmt.Sprintf("%s: option %s: one dash and several letters needs style: go", path, tok)}
			}
			n.opts[name] = o
		}
	}
	var short strings.Builder
	var long []string
	for name, o := range n.opts {
		if strings.HasPrefix(name, "--") {
			long = append(long, strings.TrimPrefix(name, "--")+[]string{"", "", "=", "?"}[o.kind])
			continue
		}
		short.WriteString(name[1:] + []string{"", "", ":", "::"}[o.kind])
	}
	n.grammar.short, n.grammar.long = short.String(), long
	switch {
	case r.effect != nil:
		n.effect = *r.effect
	case r.children == nil:
		// A leaf; a node whose subcommands were all removed is no leaf.
		n.effect = EffectReadOnly
	}
	if r.operands != nil {
		switch *r.operands {
		case "none":
			n.maxOps = 0
		case "files":
			n.fileOps = true
		case "first-file":
			n.firstFileOp = true
		case "any":
		default:
			n.maxOps, _ = strconv.Atoi(*r.operands)
		}
	}
	n.disabled = disabled[n.ref.Category]
	entry := map[string]any{"file": n.ref.File, "line": n.ref.Line}
	if n.effect != "" {
		entry["effect"] = string(n.effect)
	}
	if n.ref.Category != "" {
		entry["category"] = n.ref.Category
	}
	if n.disabled {
		entry["disabled"] = true
	}
	data[path] = entry
	for _, name := range r.order {
		if r.children[name] == nil {
			continue // removed by a later file
		}
		c, err := compileNode(path+" "+name, r.children[name], n, disabled, data)
		if err != nil {
			return nil, err
		}
		if strings.HasSuffix(name, "*") {
			n.patterns = append(n.patterns, pattern{strings.TrimSuffix(name, "*"), c})
			continue
		}
		n.children[name] = c
		for _, a := range r.children[name].aliases {
			n.children[a] = c
		}
	}
	return n, nil
}

// parseOptToken reads an option as a table writes it: "-v" and "--verbose"
// are flags; "-n=", "--namespace=" take a value; "--color?" takes a value
// only when attached; "-f=@" takes a file it reads; "--method=GET|HEAD"
// keeps the command read-only only with one of those values. "-json" (one
// dash, several letters) is a long option of a go-style CLI.
func parseOptToken(tok string, e Effect) (string, *tableOpt, error) {
	o := &tableOpt{kind: 1, effect: e}
	name, spec, hasVal := strings.Cut(tok, "=")
	switch {
	case hasVal:
		o.kind = 2
		switch {
		case spec == "@":
			o.file = true
		case strings.HasPrefix(spec, "!"):
			if o.check = tableChecks[spec[1:]]; o.check == nil {
				return "", nil, fmt.Errorf("option %q: unknown check %q", tok, spec[1:])
			}
		case spec != "":
			o.values = map[string]bool{}
			for _, v := range strings.Split(spec, "|") {
				o.values[v] = true
			}
		}
	case strings.HasSuffix(tok, "?"):
		name, o.kind = strings.TrimSuffix(tok, "?"), 3
	}
	if tok == "--*" {
		return tok, o, nil
	}
	if len(name) < 2 || name[0] != '-' || name == "--" || strings.HasPrefix(name, "---") {
		return "", nil, fmt.Errorf("option %q: expected -x, --name or -name (go style)", tok)
	}
	return name, o, nil
}

func mustOptToken(tok string, e Effect) (string, *tableOpt) {
	name, o, err := parseOptToken(tok, e)
	if err != nil {
		panic("bashparse: option token validated at parse time: " + err.Error())
	}
	return name, o
}

// Data returns the table as the bundle carries it: every entry by its path
// ("kubectl get") with its effect, category, file and line. The map is
// shared: callers must not modify it.
func (t *Table) Data() map[string]any {
	if t == nil {
		return map[string]any{}
	}
	return t.data
}
