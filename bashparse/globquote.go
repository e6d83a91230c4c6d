package bashparse

import "strings"

// A glob word's quoted and backslash-escaped characters are literal to
// the shell: cat 'sub[2]'/vault/* expands in the directory "sub[2]". The
// pattern a glob word becomes keeps them literal with a backslash, the
// escape every matcher downstream (doublestar, glob.match, the witnesses)
// reads; "{" and "}" are escaped too, because the shell never alternates
// inside a glob word that is not a brace expansion, while those matchers
// would.

// globQuoter escapes text the shell reads literally.
var globQuoter = strings.NewReplacer(`\`, `\\`, "*", `\*`, "?", `\?`, "[", `\[`, "]", `\]`, "{", `\{`, "}", `\}`)

// globUnquoted is an unquoted literal as pattern text: its wildcards
// stay wildcards, what a backslash escapes becomes literal, and braces
// (literal to the shell here) are escaped.
func globUnquoted(s string) string {
	if !strings.ContainsAny(s, `\{}`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\' && i+1 < len(s):
			i++
			if s[i] != '\n' {
				b.WriteString(globQuoter.Replace(s[i : i+1]))
			}
		case c == '{' || c == '}':
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
