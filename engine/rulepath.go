package engine

import (
	"path"
	"strings"
)

// cleanRulePattern cleans a deny or ask path pattern the way input paths
// are cleaned before they are matched (spec §4): empty and "." segments
// go, and ".." drops the literal segment before it. Inputs never hold
// "//", "/./" or "x/..", so Read(./src//index.ts), Read(src/./key),
// Read(lib/../src/key), Read(~//key) and Read(///abs) would otherwise
// match nothing and the deny would silently be void. A ".." after a
// wildcard segment ("**/..") stays: which directory it leaves is not
// known, and the pattern keeps its old (narrow) meaning. A leading ".."
// stays for leadingParent, which climbs from the anchor.
// Allow patterns are left as written: cleaning them would approve paths
// the rule's own spelling never names.
func cleanRulePattern(p string) string {
	var out []string
	for _, s := range strings.Split(p, "/") {
		switch {
		case s == "" || s == ".":
		case s == ".." && len(out) > 0 && out[len(out)-1] != ".." && !strings.ContainsAny(out[len(out)-1], "*?[{\\"):
			out = out[:len(out)-1]
		default:
			out = append(out, s)
		}
	}
	return strings.Join(out, "/")
}

// leadingParent resolves a cleaned pattern that starts with ".." against
// its anchor directory root: "../sib/**" at /u/proj is /u/sib/**. ok is
// false when p does not start with "..".
func leadingParent(root, p string) (string, bool) {
	if p != ".." && !strings.HasPrefix(p, "../") {
		return "", false
	}
	if root == "" {
		root = "/" // the filesystem root's anchor: "/.." is "/", never "."
	}
	for p == ".." || strings.HasPrefix(p, "../") {
		root = path.Dir(root)
		p = strings.TrimPrefix(strings.TrimPrefix(p, ".."), "/")
	}
	if p == "" {
		return strings.TrimSuffix(root, "/"), true // "/" is "" + "/**"
	}
	return strings.TrimSuffix(root, "/") + "/" + p, true
}

// maxZeroDepthForms bounds zeroDepthForms: three "**" segments give seven
// forms; a pattern with more keeps the first forms found.
const maxZeroDepthForms = 32

// zeroDepthForms lists g with each combination of its "/**/" segments
// matching no directory (g itself left out): gitignore's "a/**/b" matches
// "a/b", so "**/src/**/x" matches "src/x" and "a/**/**/b" matches "a/b",
// both of which need two "**" to match nothing at once.
func zeroDepthForms(g string) []string {
	var out []string
	seen := map[string]bool{g: true}
	queue := []string{g}
	for len(queue) > 0 && len(out) < maxZeroDepthForms {
		v := queue[0]
		queue = queue[1:]
		for i := strings.Index(v, "/**/"); i >= 0; {
			short := v[:i] + v[i+3:]
			if !seen[short] {
				seen[short] = true
				out = append(out, short)
				queue = append(queue, short)
			}
			j := strings.Index(v[i+1:], "/**/")
			if j < 0 {
				break
			}
			i += 1 + j
		}
	}
	return out
}

// bracketNegation spells gitignore's negated class "[^…]" as the glob
// matcher's "[!…]": the matcher reads "^" as one more member, so
// Read(src/[^a]*.ts) missed src/index.ts and matched src/a.ts instead.
func bracketNegation(p string) string {
	if !strings.Contains(p, "[^") {
		return p
	}
	b := []byte(p)
	for i := 0; i < len(b); i++ {
		switch {
		case b[i] == '\\':
			i++ // an escaped character is literal
		case b[i] == '[' && i+1 < len(b) && b[i+1] == '^':
			b[i+1] = '!'
		}
	}
	return string(b)
}

// gitignoreSpelling puts a path pattern in the spelling the glob matcher
// reads as gitignore reads the original: unescaped trailing blanks go
// (git ignores them, so Read(.env ) names .env), a negated class "[^…]"
// becomes "[!…]", a class mixing ranges with other members is written as
// the matcher reads it (classSpelling), and a segment of three or more "*"
// is "**".
func gitignoreSpelling(p string, allow bool) string {
	for strings.HasSuffix(p, " ") && !strings.HasSuffix(p, "\\ ") {
		p = strings.TrimSuffix(p, " ")
	}
	if strings.Contains(p, "***") {
		segs := strings.Split(p, "/")
		for i, s := range segs {
			if len(s) > 2 && strings.Trim(s, "*") == "" {
				segs[i] = "**"
			}
		}
		p = strings.Join(segs, "/")
	}
	return classSpelling(bracketNegation(p), allow)
}
