package bashparse

import (
	"strconv"
	"strings"

	"github.com/agentctl/agentctl/internal/lazyre"
	"mvdan.cc/sh/v3/syntax"
)

// A write target built from a value the script spells through an
// expansion that transforms it — an array element (a=(.git config);
// ${a[0]}/${a[1]}), a positional parameter (set -- .git; $1, f .git with
// $1 in f), or an operator (${x/X/i}, ${x,,}, ${x%.bak}, ${x:1},
// ${x#abc}) — names the transformed value: bash wrote .git/config for
// each, while only plain $x and ${x} were spelled with their values, so
// bypass mode allowed them. The common operators are applied to each
// value; a form that cannot be applied over a value the script gives
// gets a protected stand-in (fail closed, as computedWitnesses).

// paramExpr is a braced expansion (name or positional, an optional
// subscript, the operator text) or a plain positional ($1, $@, $*).
var paramExpr = lazyre.New(`\$\{([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*])(\[[^\]]*\])?([^}]*)\}|\$([0-9@*])`)

// collectParams records the literal elements of the script's arrays and
// the literal words it hands as positional parameters (set -- …, and the
// arguments of calls to the functions it defines).
func (p *parser) collectParams(root syntax.Node) {
	funcs := map[string]bool{}
	syntax.Walk(root, func(n syntax.Node) bool {
		if f, ok := n.(*syntax.FuncDecl); ok && f.Name != nil {
			funcs[f.Name.Value] = true
		}
		return true
	})
	add := func(m map[string][]string, k, v string) map[string][]string {
		if m == nil {
			m = map[string][]string{}
		}
		if len(m[k]) < maxVarValues {
			m[k] = append(m[k], v)
		} else {
			p.st.markOverflow(k)
		}
		return m
	}
	syntax.Walk(root, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.Assign:
			if x.Name != nil && x.Index != nil && x.Array == nil {
				p.elementAssign(x, add) // a[5]=.git
				return true
			}
			if x.Name == nil || x.Array == nil {
				return true
			}
			for _, e := range x.Array.Elems {
				if e.Value == nil {
					continue
				}
				if w := p.word(e.Value); literal(w) {
					p.st.arrays = add(p.st.arrays, x.Name.Value, w.Value)
				} else {
					p.st.arrays = add(p.st.arrays, x.Name.Value, Unknown)
				}
			}
		case *syntax.CallExpr:
			if len(x.Args) < 2 {
				return true
			}
			name := p.word(x.Args[0])
			args := x.Args[1:]
			switch {
			case name.Value == "set" && !name.Dynamic:
				vals := make([]string, len(args))
				for i, a := range args {
					vals[i] = p.word(a).Value
				}
				from, ok := setOperands(vals)
				if !ok {
					return true
				}
				args = args[from:]
			case funcs[name.Value] && !name.Dynamic:
			default:
				return true
			}
			for _, a := range args {
				if w := p.word(a); literal(w) {
					p.st.notePositional(w.Value)
				} else {
					p.st.notePositional(Unknown)
				}
			}
		}
		return true
	})
}

// paramValues are the values an expansion of name (with a subscript or
// not) may take that the script spells; nil when it spells none.
func (s *shellState) paramValues(name, sub string) []string {
	switch {
	case name == "@" || name == "*" || name[0] >= '0' && name[0] <= '9':
		if name == "0" {
			return nil
		}
		return s.positional
	case sub != "":
		return s.arrays[name]
	}
	if vals := s.varValues(name); len(vals) > 0 {
		return vals
	}
	return s.arrays[name] // $a is ${a[0]}
}

// applyParamOp applies the operator text of ${name<op>} to v, when it is
// one of the common forms with a literal operand.
func applyParamOp(v, op string) (string, bool) {
	lit := func(s string) bool { return !strings.ContainsAny(s, "*?[]$`\\'\"") }
	switch {
	case op == "":
		return v, true
	case op == ",,":
		return strings.ToLower(v), true
	case op == "^^":
		return strings.ToUpper(v), true
	case strings.HasPrefix(op, "##") && lit(op[2:]), strings.HasPrefix(op, "#") && lit(op[1:]):
		return strings.TrimPrefix(v, strings.TrimLeft(op, "#")), true
	case strings.HasPrefix(op, "%%") && lit(op[2:]), strings.HasPrefix(op, "%") && lit(op[1:]):
		return strings.TrimSuffix(v, strings.TrimLeft(op, "%")), true
	case strings.HasPrefix(op, "/") && lit(op[1:]):
		all := strings.HasPrefix(op, "//")
		from, to, _ := strings.Cut(strings.TrimLeft(op, "/"), "/")
		if from == "" {
			return "", false
		}
		if all {
			return strings.ReplaceAll(v, from, to), true
		}
		return strings.Replace(v, from, to, 1), true
	case strings.HasPrefix(op, ":") && len(op) > 1 && op[1] >= '0' && op[1] <= '9':
		off, ln, hasLen := op[1:], "", false
		if i := strings.IndexByte(off, ':'); i >= 0 {
			off, ln, hasLen = off[:i], off[i+1:], true
		}
		o, err := strconv.Atoi(off)
		if err != nil || o > len(v) {
			return "", err == nil
		}
		v = v[o:]
		if hasLen {
			n, err := strconv.Atoi(ln)
			if err != nil || n < 0 {
				return "", false
			}
			if n < len(v) {
				v = v[:n]
			}
		}
		return v, true
	case strings.HasPrefix(op, ":-") || strings.HasPrefix(op, "-") || strings.HasPrefix(op, ":=") || strings.HasPrefix(op, "="):
		return v, v != "" // a set value stands; the default is a word of its own
	}
	return "", false
}

// paramWitnesses spells each dynamic write target with the values its
// transformed expansions may take, or gives it a protected stand-in when
// an expansion over a value the script spells cannot be applied.
func (s *shellState) paramWitnesses(files []File) []File {
	if len(s.arrays) == 0 && len(s.positional) == 0 && len(s.vars) == 0 {
		return nil
	}
	var out []File
	for _, f := range files {
		if f.Access != Write && !f.MayWrite || !f.Dynamic || !strings.Contains(f.Path, "$") {
			continue
		}
		text := strings.ReplaceAll(f.Path, `"`, "")
		spellings, standIn, touched := []string{text}, false, false
		for _, m := range paramExpr.FindAllStringSubmatch(text, -1) {
			name, sub, op := m[1]+m[4], m[2], m[3]
			if m[4] == "" && sub == "" && op == "" && name[0] > '9' && name != "@" {
				continue // plain ${x}: varWitnesses spells it
			}
			vals := s.paramValues(name, sub)
			if len(vals) == 0 {
				continue // a place from the environment, like $D
			}
			touched = true
			next := []string{}
			for _, v := range vals {
				r, ok := applyParamOp(v, op)
				if listSlice(name, sub, op) {
					r, ok = v, true // ${@:1}, ${a[@]:0:1}: whole elements
				}
				if !ok || v == Unknown {
					standIn = true
					break
				}
				for _, sp := range spellings {
					if len(next) < maxSpellings {
						next = append(next, strings.Replace(sp, m[0], r, 1))
					}
				}
			}
			if standIn {
				break
			}
			spellings = next
		}
		switch {
		case standIn:
			out = append(out, File{Path: computedDirName + "/" + computedLeaf(f.Path), Access: Write, Via: f.Via, Dynamic: true})
		case touched:
			for _, sp := range spellings {
				g := File{Path: sp, Access: f.Access, Via: f.Via, MayWrite: f.MayWrite, Glob: hasGlobChar(sp), Tilde: strings.HasPrefix(sp, "~")}
				if strings.ContainsAny(sp, "$`") {
					g.Dynamic = true
					out = append(out, s.varWitnesses([]File{g})...)
					continue
				}
				out = append(out, g)
			}
		}
	}
	return out
}

// guessParamWitnesses spells the relative writes after a cd into a place
// an expansion names (set -- .git; cd $1; echo x > config) as written
// under each value it may take.
func (s *shellState) guessParamWitnesses(files []File, dirUnknown bool, guess string) []File {
	if !dirUnknown || !strings.Contains(guess, "$") {
		return nil
	}
	var under []File
	for _, f := range files {
		if (f.Access == Write || f.MayWrite) && !f.Dynamic && f.Path != "" && !strings.HasPrefix(f.Path, "/") && !strings.HasPrefix(f.Path, "~") {
			under = append(under, File{Path: guess + "/" + f.Path, Access: f.Access, Via: f.Via, MayWrite: f.MayWrite, Dynamic: true})
		}
	}
	return s.paramWitnesses(under)
}
