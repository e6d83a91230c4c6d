package bashparse

import "strings"

// dotglob reports a script that may turn on bash's dotglob (shopt -s
// dotglob, or any GLOBIGNORE assignment, which turns it on too), in any
// spelling bash reads as those names (shellopts.go): its wildcards then
// match a leading dot (*env matches .env, [.]env too).
func (p *parser) dotglob() bool { return p.options()&optDotglob != 0 }

// maxDotVariants bounds the spellings made from one glob word.
const maxDotVariants = 8

// dotglobMentions spells each glob mention for dotglob: every segment that
// starts with a wildcard is also written as the patterns that match,
// without dotglob, exactly the dot names it matches with it (*env as .*env
// and env; ?nv as .nv; [.]env as .env), so the matchers, which keep bash's
// rule that a wildcard never matches a leading dot it does not spell, see
// the dot files the shell will pass.
func dotglobMentions(ms []File) []File {
	var out []File
	for _, m := range ms {
		if !m.Glob || m.Dynamic {
			continue
		}
		spellings, changed := segmentSpellings(m.Path, dotSegment)
		if !changed {
			continue
		}
		for _, sp := range spellings {
			if sp != m.Path {
				out = append(out, File{Path: sp, Access: m.Access, Via: m.Via, Glob: true, MayWrite: m.MayWrite})
			}
		}
	}
	return out
}

// segmentSpellings spells path with each segment also written as the
// alternatives alt gives for it (every combination, the path as written
// first, at most maxDotVariants); changed reports any alternative.
func segmentSpellings(path string, alt func(seg string) []string) (spellings []string, changed bool) {
	spellings = []string{""}
	for i, seg := range strings.Split(path, "/") {
		alts := []string{seg}
		if vs := alt(seg); len(vs) > 0 {
			alts, changed = append(alts, vs...), true
		}
		var next []string
		for _, sp := range spellings {
			for _, a := range alts {
				if i > 0 {
					a = sp + "/" + a
				}
				next = append(next, a)
			}
		}
		spellings = next[:min(len(next), maxDotVariants)]
	}
	return spellings, changed
}

// dotSegment lists patterns starting with "." that match the dot names
// the glob segment seg matches under dotglob; none for a segment that
// spells its dot or starts with a literal.
func dotSegment(seg string) []string {
	if seg == "" {
		return nil
	}
	switch seg[0] {
	case '*':
		// The star eats the dot and more (.*X), or nothing (X itself).
		out := []string{"." + seg}
		if rest := seg[1:]; rest != "" {
			if rest[0] == '.' {
				out = append(out, rest)
			} else {
				out = append(out, dotSegment(rest)...)
			}
		}
		return out
	case '?':
		return []string{"." + seg[1:]}
	case '[':
		if len(seg) < 3 {
			return nil
		}
		end := strings.IndexByte(seg[2:], ']')
		if end < 0 {
			return nil
		}
		end += 2
		class := seg[1:end]
		negated := strings.HasPrefix(class, "!") || strings.HasPrefix(class, "^")
		if negated && !strings.Contains(class, ".") || !negated && (strings.Contains(class, ".") || strings.Contains(class, "-")) {
			return []string{"." + seg[end+1:]}
		}
	}
	return nil
}
