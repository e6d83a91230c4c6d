package bashparse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// maxCommentPasses bounds the re-reads of a script with comments fixed.
const maxCommentPasses = 8

// bashComments returns src with every backslash that ends a comment line
// replaced by a space. bash ends a comment at the newline (a backslash in
// a comment is an ordinary character), while mvdan.cc/sh reads the pair as
// a line continuation and joins the next line to the command before the
// comment: "echo ok # \<newline>rm x" runs rm in bash but parsed as one
// echo. Offsets do not move, so spans stay right. It is safe for
// concurrent use.
func bashComments(src string) string {
	if !strings.Contains(src, "#") || !strings.Contains(src, "\\\n") && !strings.Contains(src, "\\\r\n") {
		return src
	}
	for pass := 0; pass < maxCommentPasses; pass++ {
		f, err := syntax.NewParser(syntax.KeepComments(true)).Parse(strings.NewReader(src), "")
		if err != nil {
			return src
		}
		b := []byte(src)
		fixed := false
		syntax.Walk(f, func(n syntax.Node) bool {
			c, ok := n.(*syntax.Comment)
			if !ok {
				return true
			}
			j := int(c.Hash.Offset()) + 1
			for j < len(b) && b[j] != '\n' {
				j++
			}
			if j < len(b) && j > 0 && b[j-1] == '\\' {
				b[j-1] = ' '
				fixed = true
			}
			return true
		})
		if !fixed {
			return src
		}
		src = string(b)
	}
	return src
}
