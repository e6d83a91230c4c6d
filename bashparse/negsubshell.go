package bashparse

import "mvdan.cc/sh/v3/syntax"

// At the start of a command bash reads "!" as the pipeline negation
// keyword and "(" as a subshell, so !(rm -rf x) runs rm (extglob on or
// off), while the parser reads the word as a !(pattern) glob: a command
// name known only at run time, never the rm a deny rule should see.
// negatedSubshells blanks the "!" of such a command (same length: the
// negation only changes the exit status), so the script parsed again
// holds the subshell.

// negatedSubshells returns src with the "!" of every command that is
// one !(…) word blanked; changed reports one.
func negatedSubshells(src string, f *syntax.File) (out string, changed bool) {
	var buf []byte
	syntax.Walk(f, func(n syntax.Node) bool {
		c, ok := n.(*syntax.CallExpr)
		if !ok || len(c.Args) != 1 || len(c.Assigns) != 0 || len(c.Args[0].Parts) != 1 {
			return true
		}
		g, ok := c.Args[0].Parts[0].(*syntax.ExtGlob)
		if !ok || g.Op != syntax.GlobExcept {
			return true
		}
		off := int(g.OpPos.Offset())
		if off >= len(src) || src[off] != '!' {
			return true
		}
		if buf == nil {
			buf = []byte(src)
		}
		buf[off] = ' '
		changed = true
		return true
	})
	if !changed {
		return src, false
	}
	return string(buf), true
}
