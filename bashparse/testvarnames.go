package bashparse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// test -v NAME, [ -v NAME ] and [[ -v NAME ]] (and -R) look the variable
// NAME up, and a NAME carrying a subscript has the subscript evaluated:
// b[$(cmd)] runs cmd. An operand whose text is known only at run time — an
// expansion, or a glob such as b* that a file named b[$(cmd)] matches —
// can therefore run a command, and test and [ are read-only builtins
// approved with no rule at all (test -v b* ran a file name's command).
// Such an operand is an unresolved part. unset NAME does the same when
// NAME's array exists (b=(1); unset b* ran cmd).

// testVarOp reports a unary test operator whose operand names a variable.
func testVarOp(op string) bool { return op == "-v" || op == "-R" }

// testVarNames reports, as unresolved, a test or [ whose -v or -R operand
// is not spelled statically.
func (p *parser) testVarNames(args []*syntax.Word, at syntax.Node) {
	for i := 1; i+1 < len(args); i++ {
		if testVarOp(args[i].Lit()) {
			p.testVarOperand(args[i+1], true, at)
		}
	}
}

// unsetNames reports, as unresolved, an unset operand not spelled
// statically.
func (p *parser) unsetNames(args []*syntax.Word, at syntax.Node) {
	for _, a := range args[1:] {
		if l := a.Lit(); l == "-v" || l == "-f" || l == "-n" || l == "--" {
			continue
		}
		p.testVarOperand(a, true, at)
	}
}

// testVarOperand reports a variable-name operand known only at run time.
// globbed says whether the shell expands globs in it (test, [; not [[ ]]).
func (p *parser) testVarOperand(w *syntax.Word, globbed bool, at syntax.Node) {
	pw := p.word(w)
	if !pw.Dynamic && (!globbed || !pw.Glob || subscriptGlobOnly(pw.Value)) {
		return
	}
	if name := paramOnly(strings.Trim(p.source(w), `"`)); name != "" && len(p.st.vars[name]) > 0 &&
		!p.st.strTainted[name] && !runTimeVars()[name] && p.st.indirectSafe(name) {
		return // "$v" of for v in A B: plain names the script spells
	}
	p.unresolved(ReasonDynamicEval, "a variable named only at run time, whose subscript bash evaluates: "+p.text(w), at)
}

// subscriptGlobOnly reports a name whose only glob characters are its
// subscript brackets (a[1], a[i]): a file it matches is a plain name.
func subscriptGlobOnly(v string) bool {
	open := strings.IndexByte(v, '[')
	if open <= 0 || !strings.HasSuffix(v, "]") || strings.ContainsAny(v, "*?") {
		return false
	}
	for i := 0; i < open; i++ {
		if !isNameByte(v[i]) {
			return false
		}
	}
	return true
}

// paramOnly is NAME when text is exactly $NAME or ${NAME}, else "".
func paramOnly(text string) string {
	if m := simpleParam.FindStringSubmatch(text); m != nil && len(m[0]) == len(text) {
		return m[1] + m[2]
	}
	return ""
}
