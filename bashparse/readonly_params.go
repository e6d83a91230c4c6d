package bashparse

import "strings"

// expandsParameter reports a word that expands a shell parameter other
// than HOME, or an arithmetic expansion that names one: the reference CLI
// asks before echo $PATH, echo "$X" and for f in a b; do echo $f; done,
// and runs echo $HOME/x and echo $((1 + 2)). A read-only command's output
// carries the value — a token in the environment — so such a command is
// not read-only: it asks unless a rule allows it.
func expandsParameter(words []Word) bool {
	for _, w := range words {
		if !w.Dynamic {
			continue
		}
		s := w.src
		if s == "" {
			s = w.Value
		}
		if paramOtherThanHome(s) {
			return true
		}
	}
	return false
}

// paramOtherThanHome scans a word's source text for a "$" expansion other
// than $HOME, ${HOME} and an arithmetic expansion of numbers. Single quotes
// and backslashes make a "$" literal; a command substitution counts (it is
// unresolved elsewhere, and never read-only here).
func paramOtherThanHome(s string) bool {
	double := false
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '\'':
			if !double {
				j := strings.IndexByte(s[i+1:], '\'')
				if j < 0 {
					return true
				}
				i += j + 1
			}
		case '"':
			double = !double
		case '$':
			rest := s[i+1:]
			switch {
			case rest == "" || rest[0] == '"' || rest[0] == '\'':
				// A literal $, or $"…" and $'…' (quoting, no expansion).
			case strings.HasPrefix(rest, "{HOME}"):
				i += len("{HOME}")
			case strings.HasPrefix(rest, "HOME") && (len(rest) == 4 || !isNameByte(rest[4])):
				i += len("HOME")
			case strings.HasPrefix(rest, "(("):
				end := strings.Index(rest, "))")
				if end < 0 || strings.IndexFunc(rest[2:end], isNameRune) >= 0 || strings.ContainsAny(rest[2:end], "$`") {
					return true
				}
				i += end + 2
			default:
				return true
			}
		}
	}
	return false
}

func isNameRune(r rune) bool { return r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }
