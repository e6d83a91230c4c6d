package engine

import "strings"

// The glob matcher (the one OPA's glob.match uses) reads a character class
// of one range ([a-z]) or of single characters ([abc]), and refuses one
// that mixes them ([a-zA-Z0-9], [a-z_]): gitignore and the reference read
// those, so a rule such as Read(keys/[a-zA-Z0-9]*.pem) made the whole
// policy fail to load. classSpelling writes such a class as an alternation
// of classes the matcher reads: [a-zA-Z_] is {[a-z],[A-Z],\_}.

// classSpelling rewrites each mixed character class of p (after
// bracketNegation: negation is "!"). A negated mixed class cannot be an
// alternation: in a deny or ask rule it becomes "?", any one character
// (stricter); in an allow rule it is left as written, and the policy
// names it as a pattern agentctl cannot match.
func classSpelling(p string, allow bool) string {
	if !strings.Contains(p, "[") {
		return p
	}
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c == '\\' && i+1 < len(p) {
			b.WriteString(p[i : i+2])
			i++
			continue
		}
		if c != '[' {
			b.WriteByte(c)
			continue
		}
		end, alt, ok := mixedClass(p[i:], allow)
		if !ok {
			b.WriteByte(c)
			continue
		}
		b.WriteString(alt)
		i += end
	}
	return b.String()
}

// mixedClass reads the class at the start of s ("[…]"). For a class that
// mixes ranges with other members it returns the index of its "]" and the
// spelling that replaces it; ok is false for any other class (left as
// written: the matcher reads it, or names its error).
func mixedClass(s string, allow bool) (end int, alt string, ok bool) {
	i := 1
	neg := i < len(s) && s[i] == '!'
	if neg {
		i++
	}
	type item struct{ lo, hi byte }
	var items []item
	ranges := 0
	for first := true; i < len(s); first = false {
		c := s[i]
		if c == ']' && !first {
			break
		}
		if c == '\\' || c == '[' || c == '/' {
			return 0, "", false // escapes and nested brackets: as written
		}
		if i+2 < len(s) && s[i+1] == '-' && s[i+2] != ']' {
			hi := s[i+2]
			if hi == '\\' || hi == '[' || hi == '/' || hi < c {
				return 0, "", false
			}
			items = append(items, item{c, hi})
			ranges++
			i += 3
			continue
		}
		items = append(items, item{c, c})
		i++
	}
	if i >= len(s) || ranges == 0 || len(items) < 2 {
		return 0, "", false // unclosed, or already a form the matcher reads
	}
	if neg {
		if allow {
			return 0, "", false
		}
		return i, "?", true
	}
	var b strings.Builder
	b.WriteByte('{')
	for k, it := range items {
		if k > 0 {
			b.WriteByte(',')
		}
		if it.lo != it.hi {
			b.WriteString("[" + string(it.lo) + "-" + string(it.hi) + "]")
			continue
		}
		if strings.IndexByte(`\*?[]{},!-`, it.lo) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(it.lo)
	}
	b.WriteByte('}')
	return i, b.String(), true
}
