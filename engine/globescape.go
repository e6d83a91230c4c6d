package engine

import (
	"path/filepath"
	"strings"
)

// A directory is a name, never a pattern: a project in "p[1]" or "x{1,2}"
// is that directory only. Where a directory becomes part of a glob — a
// path rule's anchor, the directory a relative shell glob expands in — its
// glob syntax is escaped, and what reads such a glob back (witnesses, the
// static prefix) skips the escaped characters.

// globEscaper escapes what glob.match and doublestar read as syntax.
var globEscaper = strings.NewReplacer(`\`, `\\`, "*", `\*`, "?", `\?`, "[", `\[`, "]", `\]`, "{", `\{`, "}", `\}`)

// globAt is the shell glob word p made absolute in dir, dir escaped: the
// shell expands the word relative to its directory, whatever that is
// called. An absolute word (or one from home) is the pattern as written.
func (e env) globAt(p, dir string) string {
	if filepath.IsAbs(p) || p == "~" || strings.HasPrefix(p, "~/") || dir == "" {
		return e.clean(p, dir)
	}
	return e.clean(p, globEscaper.Replace(dir))
}

// globMetaAt is the index of the first unescaped shell wildcard (*, ?, [)
// of s, or -1.
func globMetaAt(s string) int {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '*', '?', '[':
			return i
		}
	}
	return -1
}

// braceAt is the index of the first unescaped "{" of s, or -1: an
// escaped one (`x\{1\}`, a directory's own name) may come before one
// that opens an alternation.
func braceAt(s string) int {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '{':
			return i
		}
	}
	return -1
}

// unescapeGlob drops the escapes of a glob's literal text.
func unescapeGlob(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
