package bashparse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// builtin export PATH=.bin and command declare PS4='$(…)' run the same
// declaration builtin as the bare words, but the parser makes a
// declaration (with assignments every check reads) only of a command
// whose first word is the builtin's name: behind builtin or command its
// NAME=value arguments were plain words, so what they assign went
// unchecked. declWrappers blanks such leading builtin/command words
// (same length: positions stay), and the script is parsed again.

// declWrappers returns src with the builtin and command words that lead
// to a declaration builtin blanked; changed reports one.
func declWrappers(src string, f *syntax.File) (out string, changed bool) {
	var buf []byte
	syntax.Walk(f, func(n syntax.Node) bool {
		c, ok := n.(*syntax.CallExpr)
		if !ok {
			return true
		}
		k := 0
		for k < len(c.Args) {
			v, ok := plainLit(c.Args[k])
			if !ok || v != "builtin" && v != "command" {
				break
			}
			k++
		}
		if k == 0 || k == len(c.Args) {
			return true
		}
		if v, ok := plainLit(c.Args[k]); !ok || !declBuiltins[v] {
			return true
		}
		if buf == nil {
			buf = []byte(src)
		}
		for _, w := range c.Args[:k] {
			for i := int(w.Pos().Offset()); i < int(w.End().Offset()) && i < len(buf); i++ {
				buf[i] = ' '
			}
		}
		changed = true
		return true
	})
	if !changed {
		return src, false
	}
	return string(buf), true
}

// plainLit is the text of a word made of one unquoted literal.
func plainLit(w *syntax.Word) (string, bool) {
	if len(w.Parts) != 1 {
		return "", false
	}
	l, ok := w.Parts[0].(*syntax.Lit)
	if !ok || strings.ContainsAny(l.Value, `\`) {
		return "", false
	}
	return l.Value, true
}
