package engine

import (
	"strings"
	"unicode/utf8"
)

// policyFileHit ports lib.policy_file(p) for one policy file q: p is q,
// below it, or a directory above it (moving or replacing that directory
// replaces q) other than the cwd and those above it, compared
// case-insensitively.
func policyFileHit(p, q, cwd string) bool {
	if !isASCII(p) || !isASCII(q) || !isASCII(cwd) {
		p, q, cwd = strings.ToLower(p), strings.ToLower(q), strings.ToLower(cwd)
		return regoInDir(p, q) || p != "" && regoInDir(q, p) && !regoInDir(cwd, p)
	}
	// ASCII lowers byte by byte, so the comparison folds in place: this
	// runs for every file of every call against every policy file.
	return inDirFold(p, q) || p != "" && inDirFold(q, p) && !inDirFold(cwd, p)
}

// isASCII reports a string of ASCII bytes only.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// inDirFold is regoInDir(lower(p), lower(d)) for ASCII p and d.
func inDirFold(p, d string) bool {
	if len(p) == len(d) && asciiEqualFold(p, d) {
		return true
	}
	d = strings.TrimSuffix(d, "/")
	return len(p) > len(d) && p[len(d)] == '/' && asciiEqualFold(p[:len(d)], d)
}

// asciiEqualFold compares two equally long ASCII strings, letters folded.
func asciiEqualFold(a, b string) bool {
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}
