package bashparse

import "strings"

// An unquoted expansion is split into fields at the blanks its value
// holds: find . -name x${IFS}-delete hands find the two words "x" and
// "-delete", and git log HEAD$v with v=" --output=F" writes F. So a word
// whose first character is static text other than "-" can still begin an
// option, or a find action, after its first field; only quoted
// expansions keep the word whole.

// unquotedExpansion reports whether src, a dynamic word's source text,
// holds a parameter expansion or a command substitution outside quotes.
// Arithmetic expansion ($(( ))) yields a number and does not count.
func unquotedExpansion(src string) bool {
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case '\'':
			i = closeQuote(src, i+1, '\'', false)
		case '"':
			i = closeQuote(src, i+1, '"', true)
		case '`':
			return true
		case '$':
			if i+1 >= len(src) {
				return false
			}
			switch c := src[i+1]; {
			case c == '\'':
				i = closeQuote(src, i+2, '\'', true) // $'…' keeps backslash escapes
			case c == '"':
				i = closeQuote(src, i+2, '"', true)
			case c == '(' && i+2 < len(src) && src[i+2] == '(':
				i = closeArith(src, i+3)
			case c == '{' || c == '(' || c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' ||
				c >= '0' && c <= '9' || c == '@' || c == '*' || c == '#' || c == '?' || c == '-' || c == '$' || c == '!':
				return true
			}
		}
	}
	return false
}

// closeQuote returns the index of the quote q closing a quoted run that
// starts at i (len(src) when it is not closed); escapes says whether a
// backslash escapes the next character inside it.
func closeQuote(src string, i int, q byte, escapes bool) int {
	for ; i < len(src); i++ {
		switch src[i] {
		case '\\':
			if escapes {
				i++
			}
		case q:
			return i
		}
	}
	return len(src)
}

// closeArith returns the index of the "))" closing an arithmetic
// expansion whose body starts at i, counting nested parentheses.
func closeArith(src string, i int) int {
	depth := 0
	for ; i < len(src); i++ {
		switch src[i] {
		case '(':
			depth++
		case ')':
			if depth > 0 {
				depth--
				continue
			}
			if i+1 < len(src) && src[i+1] == ')' {
				return i + 1
			}
		}
	}
	return len(src)
}

// splitWitnesses spells a simple command whose words hold unquoted
// expansions of values the script does not give — $IFS (blanks, unless
// the script assigns it) and variables from the environment — the ways
// field splitting may cut them: each such expansion as a blank, and each
// unknown one as nothing (find . -exec$x rm {} + runs rm when x is unset).
// Like varCommandWitnesses, the spellings only let deny and ask rules and
// the protected-path checks see what the command may run or write; the
// word itself stays unresolved (optionWords) or a dynamic file.
func (s *shellState) splitWitnesses(src string) []payload {
	if strings.IndexByte(src, '$') < 0 {
		return nil
	}
	var blank, empty strings.Builder
	unknown, ifs := false, false
	for i := 0; i < len(src); i++ {
		c := src[i]
		j := i + 1
		switch c {
		case '\\':
			j = min(i+2, len(src))
		case '\'':
			j = closeQuote(src, i+1, '\'', false) + 1
		case '"':
			j = closeQuote(src, i+1, '"', true) + 1
		case '`':
			return nil
		case '$':
			name, end, ok := splitParam(src, i)
			switch {
			case !ok:
				if end > i+1 {
					return nil // $(…), $1, ${x:-…}: read elsewhere
				}
			case name == "IFS":
				if len(s.vars["IFS"]) > 0 || s.tainted["IFS"] {
					return nil
				}
				ifs = true
				blank.WriteByte(' ')
				empty.WriteByte(' ')
				i = end - 1
				continue
			default:
				if len(s.vars[name]) > 0 || s.tainted[name] || pathVars[name] {
					return nil // the script's values: varCommandWitnesses
				}
				unknown = true
				blank.WriteByte(' ')
				i = end - 1
				continue
			}
		}
		j = min(max(j, i+1), len(src))
		blank.WriteString(src[i:j])
		empty.WriteString(src[i:j])
		i = j - 1
	}
	if !ifs && !unknown {
		return nil
	}
	out := []payload{{script: blank.String(), origin: "field splitting", reason: ReasonDynamicName, lenient: true}}
	if unknown && empty.String() != blank.String() {
		out = append(out, payload{script: empty.String(), origin: "field splitting", reason: ReasonDynamicName, lenient: true})
	}
	return out
}

// splitParam reads the expansion at src[i] ("$"): the variable name of a
// plain $NAME or ${NAME}, or of any ${IFS…} (a slice, a trim, a case
// change of the blanks is still blanks or nothing), with the index after
// it; ok is false for any other expansion, and end > i+1 then.
func splitParam(src string, i int) (name string, end int, ok bool) {
	rest := src[i+1:]
	if rest == "" {
		return "", i + 1, false
	}
	if rest[0] == '{' {
		close := strings.IndexByte(rest, '}')
		if close < 0 {
			return "", len(src), false
		}
		inner := rest[1:close]
		n := identPrefix(inner)
		switch {
		case n != "" && n == inner:
			return n, i + 2 + close, true
		case n == "IFS":
			return n, i + 2 + close, true
		}
		return "", i + 2 + close, false
	}
	if n := identPrefix(rest); n != "" {
		return n, i + 1 + len(n), true
	}
	if rest[0] == '\'' || rest[0] == '"' {
		return "", i + 1, false // $'…' and $"…": quotes the scanner reads
	}
	return "", i + 2, false
}

// identPrefix returns the shell name at the start of s.
func identPrefix(s string) string {
	n := 0
	for n < len(s) && (s[n] == '_' || s[n] >= 'a' && s[n] <= 'z' || s[n] >= 'A' && s[n] <= 'Z' || n > 0 && s[n] >= '0' && s[n] <= '9') {
		n++
	}
	return s[:n]
}
