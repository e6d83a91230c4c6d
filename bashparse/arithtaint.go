package bashparse

import "mvdan.cc/sh/v3/syntax"

// Arithmetic evaluates the value of every variable it names, and a value
// of the form a[$(cmd)] runs cmd: read v < data; echo $((v)) runs what
// the file holds. A variable whose value is only known at run time (read,
// mapfile, a non-literal assignment, a loop over dynamic words) named in
// an arithmetic context is therefore an unresolved part (spec §3,
// "anything that runs a command is a command").

// arithTaint reports, as unresolved, a variable of node n's arithmetic
// that may hold a value not known statically. n is an arithmetic command
// or expansion, let, [[ ]] or a parameter expansion's index or slice.
func (p *parser) arithTaint(n syntax.Node) {
	if t, ok := n.(*syntax.TestClause); ok {
		// In [[ ]] only the operands of -eq, -lt, … are arithmetic.
		syntax.Walk(t.X, func(m syntax.Node) bool {
			if b, ok := m.(*syntax.BinaryTest); ok && arithTestOp(b.Op) {
				p.arithTaintWords(b.X, n)
				p.arithTaintWords(b.Y, n)
			}
			return true
		})
		return
	}
	p.arithTaintWords(n, n)
}

// arithTaintWords checks every word under m: a bare name (v, v[0]) or a
// parameter ($v, ${v}) of a tainted variable is unresolved.
func (p *parser) arithTaintWords(m, at syntax.Node) {
	if m == nil {
		return
	}
	syntax.Walk(m, func(k syntax.Node) bool {
		var name string
		switch x := k.(type) {
		case *syntax.Word:
			if lit := x.Lit(); lit != "" {
				name = arithName(lit)
			}
		case *syntax.ParamExp:
			if x.Param != nil {
				name = x.Param.Value
			}
		}
		if name != "" && p.st.evalUnsafe(name) {
			p.unresolved(ReasonDynamicEval, "arithmetic evaluates $"+name+", a value known only at run time", at)
		}
		return true
	})
}

// arithName is the variable a bare arithmetic word names (v of v or
// v[1]), or "" for a number.
func arithName(lit string) string {
	end := 0
	for end < len(lit) && (lit[end] == '_' || lit[end] >= 'a' && lit[end] <= 'z' || lit[end] >= 'A' && lit[end] <= 'Z' ||
		end > 0 && lit[end] >= '0' && lit[end] <= '9') {
		end++
	}
	return lit[:end]
}

// arithTestOp reports a [[ ]] operator that compares arithmetic values.
func arithTestOp(op syntax.BinTestOperator) bool {
	switch op {
	case syntax.TsEql, syntax.TsNeq, syntax.TsLeq, syntax.TsGeq, syntax.TsLss, syntax.TsGtr:
		return true
	}
	return false
}

// arithmOnly reports a word that is one arithmetic expansion: its value
// is a number.
func arithmOnly(w *syntax.Word) bool {
	if len(w.Parts) != 1 {
		return false
	}
	_, ok := w.Parts[0].(*syntax.ArithmExp)
	return ok
}
