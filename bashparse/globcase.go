package bashparse

import (
	"strings"
	"unicode"
)

// extGlobCover is a plain glob that matches whatever an extended glob
// group matches in a file name: "*", or ".*" when an alternative names
// a dot file (bash matches those only when the pattern starts with ".").
func extGlobCover(pattern string) string {
	for _, alt := range strings.Split(pattern, "|") {
		if strings.HasPrefix(alt, ".") {
			return ".*"
		}
	}
	return "*"
}

// nocaseglob reports a script that may turn on bash's nocaseglob (shopt
// -s nocaseglob, anywhere in it, in any spelling: shellopts.go): its globs
// then match file names in any case (.ENV* matches .env).
func (p *parser) nocaseglob() bool { return p.options()&optNocaseglob != 0 }

// foldGlobCase rewrites a glob so that it matches in any case: a letter x
// becomes [xX], and inside a bracket expression both cases are listed.
func foldGlobCase(g string) string {
	var b strings.Builder
	inBracket := false
	for _, r := range g {
		switch {
		case r == '[' && !inBracket:
			inBracket = true
			b.WriteRune(r)
		case r == ']' && inBracket:
			inBracket = false
			b.WriteRune(r)
		case unicode.IsLetter(r) && r < unicode.MaxASCII:
			lo, up := unicode.ToLower(r), unicode.ToUpper(r)
			if inBracket {
				b.WriteRune(lo)
				b.WriteRune(up)
			} else {
				b.WriteString("[" + string(lo) + string(up) + "]")
			}
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
