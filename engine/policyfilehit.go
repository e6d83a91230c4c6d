package engine

import (
	"strings"
	"unicode/utf8"
)

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
	if len(p) == len(d) && strings.EqualFold(p, d) {
		return true
	}
	d = strings.TrimSuffix(d, "/")
	return len(p) > len(d) && p[len(d)] == '/' && strings.EqualFold(p[:len(d)], d)
}

// policyFiles is the session's policy files lower-cased once, for the
// policy-file check every file of every call makes against each of them.
type policyFiles struct {
	lower []string
	ascii bool // every file is ASCII: the comparison folds in place
}

func newPolicyFiles(files []string) *policyFiles {
	pf := &policyFiles{ascii: true}
	for _, q := range files {
		pf.ascii = pf.ascii && isASCII(q)
		pf.lower = append(pf.lower, strings.ToLower(q))
	}
	return pf
}

// hit ports lib.policy_file(p): p is one of the files, under one, or a
// directory above one (moving or replacing that directory replaces the
// file) other than cwd and those above it, compared case-insensitively.
func (pf *policyFiles) hit(p, cwd string) bool {
	if pf == nil || len(pf.lower) == 0 {
		return false
	}
	if pf.ascii && isASCII(p) && isASCII(cwd) {
		for _, q := range pf.lower {
			if inDirFold(p, q) || p != "" && inDirFold(q, p) && !inDirFold(cwd, p) {
				return true
			}
		}
		return false
	}
	lp, lc := strings.ToLower(p), strings.ToLower(cwd)
	for _, q := range pf.lower {
		if regoInDir(lp, q) || lp != "" && regoInDir(q, lp) && !regoInDir(lc, lp) {
			return true
		}
	}
	return false
}
