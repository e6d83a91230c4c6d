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
	for p == ".." || strings.HasPrefix(p, "../") {
		root = path.Dir(root)
		p = strings.TrimPrefix(strings.TrimPrefix(p, ".."), "/")
	}
	if p == "" {
		return root, true
	}
	return strings.TrimSuffix(root, "/") + "/" + p, true
}
