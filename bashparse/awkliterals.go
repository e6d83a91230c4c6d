package bashparse

import "strings"

// awkMaskLiterals blanks the text of an awk program's string literals and
// regular-expression literals, so that a "|" inside one ("|" as a field
// separator, /foo|bar/ as an alternation) is not read as a pipe to a
// command (awkDynamic). A string keeps its quotes: print | "sh" still
// pipes. A slash starts a regular expression only where awk's own lexer
// reads one — where no left operand can stand before it (the program's
// start, or after ( , { } ; ! ~ && || or a newline) — and only a literal
// on one line with no quote in it is blanked; anything else is left as
// written, which can only make the program look more dynamic.
func awkMaskLiterals(prog string) string {
	var b strings.Builder
	b.Grow(len(prog))
	prev := byte(0) // the last non-blank byte written; 0 at the start
	for i := 0; i < len(prog); i++ {
		c := prog[i]
		switch {
		case c == '"':
			end := awkStringEnd(prog, i)
			if end < 0 {
				b.WriteString(prog[i:])
				return b.String()
			}
			b.WriteString(`""`)
			i, prev = end, '"'
			continue
		case c == '/' && awkRegexPosition(prog, i, prev):
			if end := awkRegexEnd(prog, i); end > 0 && !strings.ContainsAny(prog[i+1:end], "\"\n") {
				b.WriteString("//")
				i, prev = end, '/'
				continue
			}
		}
		b.WriteByte(c)
		if c != ' ' && c != '\t' {
			prev = c
		}
	}
	return b.String()
}

// awkStringEnd is the index of the quote closing the string opened at i,
// -1 when it is not closed.
func awkStringEnd(s string, i int) int {
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '"':
			return j
		}
	}
	return -1
}

// awkRegexPosition reports a slash at i that awk reads as the start of a
// regular expression: nothing, or an operator that takes a right operand,
// stands before it.
func awkRegexPosition(s string, i int, prev byte) bool {
	switch prev {
	case 0, '(', ',', '{', '}', ';', '!', '~', '\n':
		return true
	case '&', '|':
		// && and ||, not a lone | (a pipe) or & .
		j := strings.LastIndexFunc(s[:i], func(r rune) bool { return r != ' ' && r != '\t' })
		return j >= 1 && s[j-1] == prev
	}
	return false
}

// awkRegexEnd is the index of the slash closing the regular expression
// opened at i (a slash inside a bracket expression or escaped does not
// close it), -1 when none does.
func awkRegexEnd(s string, i int) int {
	inBracket := false
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '[':
			inBracket = true
		case ']':
			inBracket = false
		case '/':
			if !inBracket {
				return j
			}
		case '\n':
			return -1
		}
	}
	return -1
}
