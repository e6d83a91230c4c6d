package bashparse

import (
	"strings"
)

// arithFallback rewrites the "((" openings bash would not read as
// arithmetic. bash reads $(( … ) ) and (( … ) ) — an inner group closed by
// ")" and then something other than a second ")" — as a command
// substitution or a subshell holding a subshell: echo $((rm y) ) runs rm.
// mvdan rejects that text as bad arithmetic, so the script is a parse error
// (unresolved, never approved); the rewritten text, "( (" for each such
// opening, is what bash runs, and is walked so that deny and ask rules see
// the commands inside (an ask that is really a deny). The scan counts
// parentheses without reading quotes: it only ever adds commands to a
// script that already asks. ok is false when nothing was rewritten.
func arithFallback(src string) (string, bool) {
	var b strings.Builder
	last, changed := 0, false
	for i := 0; i+1 < len(src); i++ {
		if src[i] != '(' || src[i+1] != '(' {
			continue
		}
		if !arithClosedTwice(src, i+2) {
			b.WriteString(src[last : i+1])
			b.WriteString(" (")
			last, changed = i+2, true
		}
		i++ // the inner "(" is not a new opening
	}
	if !changed {
		return src, false
	}
	b.WriteString(src[last:])
	return b.String(), true
}

// arithClosedTwice reports whether the group opened just before from (the
// inner "(" of "((") closes with "))": bash's test for arithmetic. An
// unclosed group counts as arithmetic (nothing to rewrite).
func arithClosedTwice(src string, from int) bool {
	depth := 1
	for j := from; j < len(src); j++ {
		switch src[j] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return j+1 < len(src) && src[j+1] == ')' || j+1 == len(src)
			}
		}
	}
	return true
}

// walkArithFallback walks the script bash runs in place of src when src
// failed to parse only because of "((" openings bash reads as subshells
// (arithFallback). The parse error stays unresolved; the commands found
// are nested under it. It reports whether the rewritten script parsed.
func (p *parser) walkArithFallback(src string, span Span) bool {
	if !strings.Contains(src, "((") || p.depth+1 >= MaxDepth {
		return false
	}
	alt, ok := arithFallback(src)
	if !ok {
		return false
	}
	f, err := parseScript(alt)
	if err != nil {
		return false
	}
	sub := &parser{src: alt, out: p.out, depth: p.depth + 1, outer: &span, origin: "arithmetic read as a subshell", st: p.st, table: p.table}
	sub.walkFile(alt, f)
	return true
}
