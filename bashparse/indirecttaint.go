package bashparse

import "mvdan.cc/sh/v3/syntax"

// Indirect expansion ${!x} reads the variable x's value names, and a name
// carrying a subscript (b[$(cmd)]) has that subscript evaluated, which
// runs cmd: `for x in *; do echo ${!x}; done` runs what a file's name
// holds, and `read x < f; echo ${!x}` what the file does. A variable
// whose value is known only at run time, or a literal that is not a plain
// name (a glob, a subscript), is therefore an unresolved part under ${!x}
// as it is in arithmetic (see arithTaint). ${!x[@]} (an array's keys) and
// ${!x*} (names by prefix) read no value and stay resolved.

// indirectTaint reports, as unresolved, an indirect expansion through a
// variable that may name a subscripted variable.
func (p *parser) indirectTaint(x *syntax.ParamExp) {
	if !x.Excl || x.Param == nil || x.Names != 0 {
		return
	}
	if w, ok := x.Index.(*syntax.Word); ok && (w.Lit() == "@" || w.Lit() == "*") {
		return // ${!a[@]}: the keys, no indirection
	}
	name := x.Param.Value
	if name == "" {
		return
	}
	if !isNameByte(name[0]) || name[0] >= '0' && name[0] <= '9' {
		// ${!1}, ${!#}, ${!@}: a positional value, which a script with
		// run-time values may have passed on.
		p.unresolved(ReasonDynamicEval, "an indirect expansion reads the variable a positional value names: "+p.text(x), x)
		return
	}
	if p.st.strTainted[name] || runTimeVars()[name] || !p.st.indirectSafe(name) {
		p.unresolved(ReasonDynamicEval, "an indirect expansion reads the variable $"+name+" names, a value known only at run time", x)
	}
}

// indirectSafe reports a variable whose every literal value is a plain
// name or number: ${!x} then reads a variable without a subscript.
func (s *shellState) indirectSafe(name string) bool {
	for _, v := range s.vars[name] {
		if v == "" {
			continue
		}
		for i := 0; i < len(v); i++ {
			if !isNameByte(v[i]) {
				return false
			}
		}
	}
	return true
}
