package bashparse

import "strings"

// Shell options and variables that change how later words are read —
// dotglob and GLOBIGNORE (a wildcard matches a leading dot), nocaseglob,
// set -P (physical cd), cdable_vars (cd NAME goes to $NAME) and
// globskipdots (when off, .* matches . and ..) — are looked for in the
// script's text as bash reads the names in it. Bash removes quotes and
// backslashes before shopt, set or an assignment sees a name, so
// shopt -s "dot"glob, set -o phys\ical, shopt -s $'cdable\x5fvars' and
// printf -v GLOB''IGNORE x turn them on as the plain spellings do: the
// analysis took them for unrelated words and read the later globs and
// cds as if the options were off. The text is searched rather than the
// commands because an eval string, a trap or a function body can turn an
// option on before a command written earlier runs; a word of set or shopt
// known only at run time is an unresolved part already (keywordmode.go).

// optionBits are the options a script may turn on (see scanOptions).
type optionBits uint8

const (
	optDotglob optionBits = 1 << iota
	optNocaseglob
	optScanned // the bits above are known
)

// options returns what the parser's script may turn on, scanned once.
func (p *parser) options() optionBits {
	if p.opts&optScanned == 0 {
		p.opts = optScanned
		if spells(p.src, "dotglob") || spells(p.src, "GLOBIGNORE") {
			p.opts |= optDotglob
		}
		if spells(p.src, "nocaseglob") {
			p.opts |= optNocaseglob
		}
	}
	return p.opts
}

// noteOptions records, from a script about to be walked, the options whose
// effect reaches commands of the whole analysis (nested scripts share the
// shell state): physical cd, cdable_vars and globskipdots.
func (p *parser) noteOptions(src string) {
	st := p.st
	st.physical = st.physical || setsPhysical(src)
	st.cdableVars = st.cdableVars || spells(src, "cdable_vars")
	st.globDots = st.globDots || spells(src, "globskipdots")
}

// spells reports whether src holds needle once quotes ("…", '…', $"…"),
// backslashes and line continuations are taken out and $'…' strings
// decoded. It allocates only for a script holding a $'…' string.
func spells(src, needle string) bool {
	if strings.Contains(src, needle) {
		return true
	}
	if !strings.ContainsAny(src, `"'\`) {
		return false
	}
	if containsUnquoted(src, needle) {
		return true
	}
	return strings.Contains(src, "$'") && containsUnquoted(decodeANSIC(src), needle)
}

// containsUnquoted reports whether needle occurs in src when the bytes
// bash removes between the letters of a word (quotes, backslashes, a
// newline after a backslash, the $ of $"…" and $'…') are skipped.
func containsUnquoted(src, needle string) bool {
	for i := 0; i+len(needle) <= len(src); i++ {
		if src[i] != needle[0] {
			continue
		}
		j, k := i, 0
		for j < len(src) && k < len(needle) {
			switch c := src[j]; {
			case c == needle[k]:
				k++
			case c == '"' || c == '\'' || c == '\\':
			case c == '\n' && src[j-1] == '\\':
			case c == '$' && j+1 < len(src) && (src[j+1] == '"' || src[j+1] == '\''):
			default:
				j = len(src) // no match from i
				continue
			}
			j++
		}
		if k == len(needle) {
			return true
		}
	}
	return false
}

// decodeANSIC returns src with the body of every $'…' string replaced by
// the text it stands for (the quotes are kept: containsUnquoted skips
// them).
func decodeANSIC(src string) string {
	var b strings.Builder
	for {
		i := strings.Index(src, "$'")
		if i < 0 {
			b.WriteString(src)
			return b.String()
		}
		b.WriteString(src[:i+2])
		rest := src[i+2:]
		end := 0
		for end < len(rest) && rest[end] != '\'' {
			if rest[end] == '\\' {
				end++
			}
			end++
		}
		end = min(end, len(rest))
		b.WriteString(ansiC(rest[:end]))
		src = rest[end:]
	}
}

// foldQuotes returns src with quotes, backslashes and line continuations
// taken out and $'…' strings decoded, for the patterns that read a
// command's shape (setsPhysical); src itself when it holds none.
func foldQuotes(src string) string {
	if !strings.ContainsAny(src, `"'\`) {
		return src
	}
	if strings.Contains(src, "$'") {
		src = decodeANSIC(src)
	}
	var b strings.Builder
	b.Grow(len(src))
	for j := 0; j < len(src); j++ {
		switch c := src[j]; {
		case c == '"' || c == '\'' || c == '\\':
		case c == '\n' && j > 0 && src[j-1] == '\\':
		case c == '$' && j+1 < len(src) && (src[j+1] == '"' || src[j+1] == '\''):
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
