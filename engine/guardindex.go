package engine

import (
	"strings"
)

// guardIndex files guard globs under the key the rule index uses (globKey):
// a path looks only at the globs filed under its own keys (pathKeys), so a
// word costs the same with 1 or 10,000 path rules. The lengths of the keys
// filed let a look-up skip the prefixes and names no key has.
type guardIndex struct {
	root     []string            // globs keyed "/": tried on every path
	byPrefix map[string][]string // literal paths and static directories
	bySeg    map[string][]string // the literal name in a glob's last segments
	// prefixLen[n] and segLen[n] tell a key of length n exists.
	prefixLen, segLen []bool
}

func newGuardIndex(gs guardGlobs) *guardIndex {
	if len(gs) == 0 {
		return nil
	}
	idx := &guardIndex{byPrefix: map[string][]string{}, bySeg: map[string][]string{}}
	mark := func(lens []bool, n int) []bool {
		for len(lens) <= n {
			lens = append(lens, false)
		}
		lens[n] = true
		return lens
	}
	for _, g := range gs {
		// Keyed as the policy keys deny and ask entries: lower-cased (a
		// glob kept as written for its class is found by the lower-cased path).
		switch k := globKey(strings.ToLower(g)); {
		case k == "/":
			idx.root = append(idx.root, g)
		case strings.HasPrefix(k, "seg:"):
			name := k[len("seg:"):]
			idx.bySeg[name] = append(idx.bySeg[name], g)
			idx.segLen = mark(idx.segLen, len(name))
		default:
			idx.byPrefix[k] = append(idx.byPrefix[k], g)
			idx.prefixLen = mark(idx.prefixLen, len(k))
		}
	}
	return idx
}

// matchAny reports whether some guard glob matches p in any letter case
// (guardMatch). It looks up the keys pathKeys lists for the lower-cased
// path without building them (no allocation per word without upper case).
func (idx *guardIndex) matchAny(p string) bool {
	if idx == nil {
		return false
	}
	// The keys are looked up lower-cased from a stack copy (a map index
	// by string(bytes) does not allocate); the lower-cased string itself
	// is made only when some glob is filed under a key of p.
	var buf [256]byte
	var lb []byte
	if len(p) <= len(buf) && isASCII(p) {
		lb = buf[:len(p)]
		for i := 0; i < len(p); i++ {
			c := p[i]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			lb[i] = c
		}
	} else {
		lb = []byte(strings.ToLower(p))
	}
	m := guardMatcher{orig: p, lb: lb}
	if m.try(idx.root) {
		return true
	}
	start := 1
	for i := 1; i <= len(lb); i++ {
		if i < len(lb) && lb[i] != '/' {
			continue
		}
		if i > start {
			if i < len(idx.prefixLen) && idx.prefixLen[i] && m.try(idx.byPrefix[string(lb[:i])]) {
				return true
			}
			if n := i - start; n < len(idx.segLen) && idx.segLen[n] && m.try(idx.bySeg[string(lb[start:i])]) {
				return true
			}
		}
		start = i + 1
	}
	return false
}

// guardMatcher matches one path against guard globs: the lower-cased path,
// and the path as written for a glob with a character class (guardMatch).
type guardMatcher struct {
	orig  string
	lb    []byte
	lower string
	made  bool
}

func (m *guardMatcher) try(gs []string) bool {
	if len(gs) == 0 {
		return false
	}
	if !m.made {
		m.lower, m.made = string(m.lb), true
	}
	for _, g := range gs {
		if guardMatchLower(g, m.lower, m.orig) {
			return true
		}
	}
	return false
}
