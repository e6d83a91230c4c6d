package engine

import (
	"strings"
)

// aimedDirs lists the guarded directories whose entries Glob pattern pat
// (absolute, one brace alternative) lists by aiming at them: a wildcard
// segment of its directory part, before any "**", that keeps a literal
// part of its own ("s[e]cret", "s?cret", "secre*") and that a guard's name
// fills. Glob "secret/*" reads the directory secret, and so does
// "s[e]cret/*": listing its names is reading it, as `ls s[e]cret/` is.
// Segments that aim at nothing ("*", "[a-z]*", ".*") list every
// directory alike and leave guarded names to the tool's own exclusion,
// as Grep's include globs do (aimedAt): "*/package.json" stays allowed.
func (e env) aimedDirs(pat string) []string {
	if e.walk == nil || len(e.walk.globs) == 0 {
		return nil
	}
	i := strings.LastIndexByte(pat, '/')
	if i <= 0 {
		return nil
	}
	segs := strings.Split(pat[:i], "/")
	aimed := false
	for k, seg := range segs {
		if seg == "**" {
			segs = segs[:k]
			break
		}
		if globMetaAt(seg) >= 0 && literalCore(seg) != "" {
			aimed = true
		}
	}
	if !aimed {
		return nil
	}
	return e.walk.globs.globWitnesses(strings.Join(segs, "/"))
}

// literalCore is what a glob segment spells besides its wildcards: its
// bracket expressions and *, ? and escapes left out, and the dots around
// the rest ("s[e]cret" → "scret", "*.env" → "env", ".*" → "").
func literalCore(seg string) string {
	var b strings.Builder
	for i := 0; i < len(seg); i++ {
		switch c := seg[i]; c {
		case '[':
			if j := strings.IndexByte(seg[i+1:], ']'); j >= 0 {
				i += j + 1
				continue
			}
		case '*', '?', '\\':
			continue
		default:
			b.WriteByte(c)
		}
	}
	return strings.Trim(b.String(), ".")
}
