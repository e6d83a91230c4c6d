package engine

import (
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Protected names a pattern may expand to. A write target the shell
// expands — a glob (.gi?/config, .[g]it/hooks/x, .*/config) or a brace
// expansion ({.git,b}/config, .{g,}it/config, .{f..h}it/x) — writes a
// protected path when one of its expansions can be one, whether or not
// that file exists yet: the files a glob matches now are checked already,
// the ones it would create or that differ at run time are not.

// maxBraceWords bounds the words a brace expansion is expanded to; a word
// with more stands for a protected path if any part could (see
// protectedPatternWitnesses).
const maxBraceWords = 256

// protectedPatternWitnesses lists, for a path whose text may expand (glob
// characters, braces), the protected paths it may expand to: each
// expansion with every segment that could be a protected name spelled as
// that name. It is empty when no expansion can be protected.
func protectedPatternWitnesses(p string) []string {
	if !strings.ContainsAny(p, "*?[{") {
		return nil
	}
	words, ok := braceWords(p, maxBraceWords)
	if !ok {
		// Too many to list: each brace's alternatives joined with "/" as
		// one pattern is tried instead ({a,.git}: a/.git).
		words = []string{strings.NewReplacer("{", "/", "}", "/", ",", "/").Replace(p)}
	}
	var out []string
	seen := map[string]bool{}
	for _, w := range words {
		if wit, hit := protectedPatternWitness(w); hit && !seen[wit] {
			seen[wit] = true
			out = append(out, wit)
		}
	}
	return out
}

// protectedPatternWitness spells one (brace-free) pattern with each of its
// segments that could be a protected name as that name.
func protectedPatternWitness(p string) (string, bool) {
	segs := strings.Split(p, "/")
	hit := false
	for i, seg := range segs {
		if n := protectedSegment(seg, i == len(segs)-1); n != "" {
			segs[i], hit = n, true
		}
	}
	w := path.Clean(strings.Join(segs, "/"))
	return w, hit && protectedPath(w)
}

// protectedSegment is the protected directory name (or, for the last
// segment, file name) one path segment is or, as a glob, may match; "" if
// none. A glob matches a leading dot only literally, as the shell's does.
func protectedSegment(seg string, last bool) string {
	if len(seg) < 2 || seg[0] != '.' {
		return ""
	}
	// The shell negates a bracket with ! as well as ^; path.Match only with ^.
	low := strings.ReplaceAll(strings.ToLower(seg), "[!", "[^")
	glob := strings.ContainsAny(seg, "*?[")
	match := func(n string) bool {
		if !glob {
			return low == n
		}
		ok, err := path.Match(low, n)
		return ok || err != nil // a malformed pattern may still match
	}
	for _, n := range protectedDirOrder {
		if match(n) {
			return n
		}
	}
	if last {
		for _, n := range protectedFileOrder {
			if match(n) {
				return n
			}
		}
	}
	if match(".config") {
		return ".config" // .config/git
	}
	return ""
}

// The protected names (the sets lib.rego's protected_dirs and
// protected_files port) in the order a pattern or a name's static start
// is tried against them: the ones that ask even in bypassPermissions mode
// first, so that a word that may be either is taken for the stricter, and
// the rest sorted, so the witness (and the decision) never depends on a
// map's order.
var (
	// strictDirNames are lib.rego's strict_dirs, .git first.
	strictDirNames     = []string{".git", ".claude"}
	protectedDirOrder  = namesInOrder(regoProtectedDirs, strictDirNames)
	protectedFileOrder = namesInOrder(regoProtectedFiles, nil)
)

// namesInOrder is first, then the rest of set sorted.
func namesInOrder(set map[string]bool, first []string) []string {
	var rest []string
	for n := range set {
		if !slices.Contains(first, n) {
			rest = append(rest, n)
		}
	}
	sort.Strings(rest)
	return append(slices.Clone(first), rest...)
}

// braceWords expands the shell's brace expansions of s ({a,b}, {x..y}),
// outermost first; false when there would be more than limit words.
func braceWords(s string, limit int) ([]string, bool) {
	open, close, alts := firstBrace(s)
	if open < 0 {
		return []string{s}, true
	}
	pre, post := s[:open], s[close+1:]
	var out []string
	for _, a := range alts {
		more, ok := braceWords(pre+a+post, limit-len(out))
		if !ok {
			return nil, false
		}
		out = append(out, more...)
		if len(out) > limit {
			return nil, false
		}
	}
	return out, true
}

// firstBrace finds the first brace expression of s that expands: its
// bounds and alternatives (-1 when there is none).
func firstBrace(s string) (int, int, []string) {
	for i := 0; i < len(s); i++ {
		if s[i] != '{' {
			continue
		}
		depth, start := 0, i+1
		var alts []string
		for j := i; j < len(s); j++ {
			switch s[j] {
			case '{':
				depth++
			case '}':
				depth--
				if depth == 0 {
					if alts != nil {
						return i, j, append(alts, s[start:j])
					}
					if r, ok := braceRange(s[i+1 : j]); ok {
						return i, j, r
					}
					j = len(s) // no comma: literal; try the next brace
				}
			case ',':
				if depth == 1 {
					alts = append(alts, s[start:j])
					start = j + 1
				}
			}
		}
	}
	return -1, -1, nil
}

// braceRange expands a sequence expression: x..y of single characters or
// integers (an increment is ignored; every step is listed).
func braceRange(s string) ([]string, bool) {
	a, b, ok := strings.Cut(s, "..")
	if !ok {
		return nil, false
	}
	b, _, _ = strings.Cut(b, "..")
	if len(a) == 1 && len(b) == 1 && !isDigit(a[0]) && !isDigit(b[0]) {
		lo, hi := a[0], b[0]
		if lo > hi {
			lo, hi = hi, lo
		}
		var out []string
		for c := int(lo); c <= int(hi); c++ {
			out = append(out, string(rune(c)))
		}
		return out, true
	}
	x, err1 := strconv.Atoi(a)
	y, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil {
		return nil, false
	}
	if x > y {
		x, y = y, x
	}
	if y-x > maxBraceWords {
		y = x + maxBraceWords
	}
	var out []string
	for n := x; n <= y; n++ {
		out = append(out, strconv.Itoa(n))
	}
	return out, true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
