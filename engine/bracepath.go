package engine

import (
	"strings"

	"github.com/agentctl/agentctl/settings"
)

// Path rules are gitignore patterns, and gitignore has no braces: Claude
// Code reads Read(a{b}/**) as the directory literally named "a{b}", and
// Read(src/{a,b}/*.pem) as a directory named "{a,b}". The glob matcher
// reads "{…}" as alternation, so a deny on a name that holds a brace
// matched only the alternation's names and never the file the rule names.

// pathGlobs is the globs of a path rule with braces read as the reference
// reads them. A deny or ask rule matches the literal name and, stricter,
// the alternation too (a user who wrote {a,b} may well mean it); an allow
// rule matches the literal name only, so that it approves no more than the
// pattern says.
func pathGlobs(r settings.Rule, a anchorSet) []string {
	if len(r.Globs) > 0 {
		return r.Globs // a bundle's rule: derived when the bundle was built
	}
	lit, ok := literalBraces(r.Pattern)
	if r.Behavior == settings.Allow {
		if ok {
			r.Pattern = lit
		}
		return writtenPathGlobs(r, a)
	}
	out := append(append(writtenPathGlobs(r, a), absoluteReadingGlobs(r, a)...), spelledHomeGlobs(r, a)...)
	if !ok {
		return append(out, linkedPrefixGlobs(out)...)
	}
	lr := r
	lr.Pattern = lit
	seen := make(map[string]bool, len(out))
	for _, g := range out {
		seen[g] = true
	}
	for _, g := range writtenPathGlobs(lr, a) {
		if !seen[g] {
			seen[g] = true
			out = append(out, g)
		}
	}
	return append(out, linkedPrefixGlobs(out)...)
}

// literalBraces escapes every unescaped "{" and "}" of p outside a
// character class, so that the glob matcher reads them as characters.
// ok is false when p has none.
func literalBraces(p string) (string, bool) {
	if !strings.ContainsAny(p, "{}") {
		return p, false
	}
	var b strings.Builder
	changed, inClass := false, false
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '\\' && i+1 < len(p):
			b.WriteByte(c)
			i++
			b.WriteByte(p[i])
			continue
		case inClass:
			inClass = c != ']'
		case c == '[':
			inClass = true
		case c == '{' || c == '}':
			b.WriteByte('\\')
			changed = true
		}
		b.WriteByte(c)
	}
	return b.String(), changed
}
