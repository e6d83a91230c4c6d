package bashparse

import (
	"github.com/agentctl/agentctl/internal/lazyre"

	"mvdan.cc/sh/v3/syntax"
)

// zsh reads a parenthesised suffix of a glob as qualifiers, and two of them
// run code for every file the glob matches: e:CODE: (e[…], e{…}, e'…' …)
// evaluates CODE, +NAME (and o+NAME, O+NAME) calls a function. The parser
// reads such a suffix as a bash extended glob (*(…), ?(…)); where the
// Bash tool runs zsh it is a command agentctl does not read: unresolved.
var zshQualifierCode = lazyre.New(`(^|[^A-Za-z0-9])?e[^A-Za-z0-9\s]|\+[A-Za-z_]`)

// zshQualifier reports an extended glob whose pattern reads as zsh glob
// qualifiers that run code.
func zshQualifier(x *syntax.ExtGlob) bool {
	return x.Pattern != nil && zshQualifierCode.MatchString(x.Pattern.Value)
}
