package bashparse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// builtin export PATH=.bin, command declare PS4='$(…)', "export" X=v and
// \export X=v run the same declaration builtin as the bare words, but the
// parser makes a declaration (with assignments every check reads) only of
// a command whose first word is the builtin's unquoted name: otherwise
// its NAME=value arguments were plain words, so what they assign went
// unchecked. declWrappers blanks the leading builtin and command words
// and writes the builtin's name unquoted (padded with blanks: same
// length, so positions stay), and the script is parsed again.

// declWrappers returns src with the builtin and command words that lead
// to a declaration builtin blanked and the builtin's name unquoted;
// changed reports one.
func (p *parser) declWrappers(src string, f *syntax.File) (out string, changed bool) {
	var buf []byte
	syntax.Walk(f, func(n syntax.Node) bool {
		c, ok := n.(*syntax.CallExpr)
		if !ok || len(c.Args) == 0 {
			return true
		}
		k := 0
		for k < len(c.Args) {
			v, ok := p.staticText(c.Args[k])
			if !ok || v != "builtin" && v != "command" {
				break
			}
			k++
		}
		if k == len(c.Args) {
			return true
		}
		name, ok := p.staticText(c.Args[k])
		if !ok || !declBuiltins[name] {
			return true
		}
		if v, plain := plainLit(c.Args[k]); k == 0 && plain && v == name {
			return true // already a declaration
		}
		start, end := int(c.Args[k].Pos().Offset()), int(c.Args[k].End().Offset())
		if end > len(src) || end-start < len(name) {
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
		copy(buf[start:], name)
		for i := start + len(name); i < end; i++ {
			buf[i] = ' '
		}
		changed = true
		return true
	})
	if !changed {
		return src, false
	}
	return string(buf), true
}

// staticText is the value of a word known statically (quotes and
// escapes removed).
func (p *parser) staticText(w *syntax.Word) (string, bool) {
	v := p.word(w)
	if !literal(v) {
		return "", false
	}
	return v.Value, true
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
