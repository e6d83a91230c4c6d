package bashparse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// intDeclWords: once a script gives a variable the integer attribute
// (declare -i, local -i, typeset -i), every value that variable later
// receives is evaluated arithmetically, and a[$(cmd)] in it runs cmd — not
// only through name=value, but through read from a here-string, a for or
// select loop's words, an element assignment x[0]=…, mapfile. Which words
// reach the variable is not tracked, so every literal word of such a
// script (here-document bodies included) is searched for subscripts that
// hold a command substitution, as stringPayloads does for one command's
// words: declare -i x; read x <<< 'a[$(rm y)]' runs rm (spec §3,
// "anything that runs a command is a command").
func (p *parser) intDeclWords(f *syntax.File) {
	if !p.st.intDecl {
		return
	}
	if len(p.st.strTainted) > 0 {
		// read x < f, mapfile, a loop over dynamic words: a value known
		// only at run time may reach the integer variable.
		p.unresolved(ReasonDynamicEval, "an integer variable (declare -i) may receive a value known only at run time: arithmetic evaluates it", f)
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		w, ok := n.(*syntax.Word)
		if !ok {
			return true
		}
		v := p.word(w)
		if v.Dynamic {
			return true // its substitutions are walked as commands
		}
		for _, sc := range subscriptSubst(v.Value) {
			p.payload(payload{script: sc, origin: "integer variable subscript", reason: ReasonDynamicShell}, p.span(w), w)
		}
		return true
	})
}

// noteIntDecl marks the script as giving a variable the integer attribute
// when declare's options (as the command runs them: quoted '-i', reached
// through builtin, command or eval) hold i, or are not known statically.
// collectVars reads only the literal spellings of the script's own
// declare clauses.
func (s *shellState) noteIntDecl(args []Word) {
	for _, a := range args {
		if a.Dynamic && !strings.Contains(a.Value, "=") { // declare $f x; not x=$y
			s.intDecl = true
			return
		}
		if len(a.Value) > 1 && (a.Value[0] == '-' || a.Value[0] == '+') && strings.ContainsRune(a.Value, 'i') {
			s.intDecl = true
			return
		}
	}
}
