package bashparse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// ${x@P} expands x's value as a prompt string, and prompt strings undergo
// command substitution (promptvars is on by default): x='$(rm y)'; echo
// "${x@P}" runs rm. What the value holds is not read here, so the
// expansion is an unresolved part (@Q, @E, @A … only quote or escape).
func promptExpansion(x *syntax.ParamExp) bool {
	if x.Exp == nil || x.Exp.Op != syntax.OtherParamOps || x.Exp.Word == nil {
		return false
	}
	w := x.Exp.Word
	if len(w.Parts) != 1 {
		return true // a computed operator: fail closed
	}
	l, ok := w.Parts[0].(*syntax.Lit)
	return !ok || strings.Contains(l.Value, "P")
}
