package bashparse

import (
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// An indexed array's subscript is arithmetic wherever it stands, not only
// inside $(( )): a[x]=1, a+=([x]=1), declare a[x]=1, unset 'a[x]',
// test -v a[x], [ -v a[x] ] and [[ -v a[x] ]] all evaluate x, and a value
// of x read at run time (read x < f) of the form b[$(cmd)] runs cmd. The
// walk checked only $(( )), (( )), let, [[ ]]'s comparisons and ${a[x]};
// these subscripts are checked the same way (see arithTaint).

// nameOperandBuiltins are the builtins whose operands name a variable,
// which may carry a subscript bash evaluates.
var nameOperandBuiltins = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"read": true, "mapfile": true, "readarray": true, "printf": true,
		"getopts": true, "wait": true, "unset": true, "test": true, "[": true, "[[": true, "declare": true, "typeset": true,
		"local": true, "export": true, "readonly": true, "let": true}
})

// subscriptTaint reports, as unresolved, an array subscript outside an
// arithmetic expansion that names a variable whose value is known only at
// run time.
func (p *parser) subscriptTaint(n syntax.Node) {
	switch x := n.(type) {
	case *syntax.ParamExp:
		p.indirectTaint(x)
	case *syntax.Assign:
		if x.Index != nil {
			p.arithTaintWords(x.Index, n)
		}
		if x.Naked && x.Value != nil {
			p.subscriptWordTaint(x.Value, n)
		}
	case *syntax.ArrayElem:
		if x.Index != nil {
			p.arithTaintWords(x.Index, n)
		}
	case *syntax.UnaryTest:
		if x.Op == syntax.TsVarSet || x.Op == syntax.TsRefVar {
			if w, ok := x.X.(*syntax.Word); ok {
				p.subscriptWordTaint(w, n)
				p.testVarOperand(w, false, n)
			}
		}
	case *syntax.CallExpr:
		args := x.Args
		for len(args) > 0 && (args[0].Lit() == "builtin" || args[0].Lit() == "command") {
			args = args[1:]
		}
		if len(args) > 0 && (args[0].Lit() == "test" || args[0].Lit() == "[") {
			p.testVarNames(args, n)
		}
		if len(args) > 0 && args[0].Lit() == "unset" {
			p.unsetNames(args, n)
		}
		if len(args) < 2 || !nameOperandBuiltins()[args[0].Lit()] {
			return
		}
		for _, a := range args[1:] {
			p.subscriptWordTaint(a, n)
		}
	}
}

// subscriptWordTaint checks the subscript of a word naming a variable
// (a[x], "a[$x]=v", -va[x]): a variable it names that may hold a value
// not known statically is unresolved.
func (p *parser) subscriptWordTaint(w *syntax.Word, at syntax.Node) {
	text := strings.NewReplacer(`"`, "", `'`, "", `\`, "").Replace(p.source(w))
	open := strings.IndexByte(text, '[')
	if open < 0 {
		return
	}
	sub := text[open+1:]
	if end := strings.LastIndexByte(sub, ']'); end >= 0 {
		sub = sub[:end]
	}
	for _, name := range subscriptNames(sub) {
		if p.st.evalUnsafe(name) {
			p.unresolved(ReasonDynamicEval, "an array subscript evaluates $"+name+", a value known only at run time", at)
			return
		}
	}
}

// subscriptNames lists every identifier in an arithmetic subscript's text
// (x, $x, ${x}, x[y]): any of them may be a variable arithmetic reads.
func subscriptNames(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		c := s[i]
		if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			j := i + 1
			for j < len(s) && (s[j] == '_' || s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z' || s[j] >= '0' && s[j] <= '9') {
				j++
			}
			out = append(out, s[i:j])
			i = j
			continue
		}
		if c >= '0' && c <= '9' {
			// A number (10, 0x1f, 16#ff) is no name: skip its digits and letters.
			for i < len(s) && (s[i] == '_' || s[i] == '#' || s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z' || s[i] >= '0' && s[i] <= '9') {
				i++
			}
			continue
		}
		i++
	}
	return out
}
