package bashparse

import (
	"path"
	"strings"
)

// Bash 5.2 never lets a glob match . or .. while globskipdots is on (the
// default); shopt -u globskipdots turns that off, and then a segment
// starting with a dot matches them too: cat .*/notes.txt read
// ../notes.txt, outside the working directories and past a Read deny
// rule on it, while the analysis (and the engine's expansion, which never
// lists . or ..) saw only the dot directories inside. A script that may
// turn the option off (shellopts.go) has each such glob also spelled
// with the segment as . and as .., and those paths are checked as
// written.

// globDotFiles spells each glob file or mention whose segments may match
// . or .. with those segments, up to maxDotVariants spellings a word.
func globDotFiles(fs []File) []File {
	var out []File
	for _, f := range fs {
		if !f.Glob || f.Dynamic || !strings.Contains(f.Path, ".") {
			continue
		}
		spellings, changed := segmentSpellings(f.Path, func(seg string) []string {
			if dotsMatch(seg) {
				return []string{".", ".."}
			}
			return nil
		})
		if !changed {
			continue
		}
		for _, sp := range spellings {
			if sp == f.Path {
				continue
			}
			g := f
			g.Path, g.Glob = sp, hasGlobChar(sp)
			out = append(out, g)
		}
	}
	return out
}

// dotsMatch reports a glob segment that may match . or .. once
// globskipdots is off: one that starts with a literal dot (bash matches a
// leading dot only when the pattern spells it) and whose rest may match
// nothing or a dot. A pattern Go's matcher cannot read is taken to match.
func dotsMatch(seg string) bool {
	if !strings.HasPrefix(seg, ".") || !hasGlobChar(seg) {
		return false
	}
	p := bangBrackets(seg)
	one, err1 := path.Match(p, ".")
	two, err2 := path.Match(p, "..")
	return one || two || err1 != nil || err2 != nil
}

// bangBrackets rewrites bash's negated bracket [!…] as Go's [^…].
func bangBrackets(g string) string {
	if !strings.Contains(g, "[!") {
		return g
	}
	return strings.ReplaceAll(g, "[!", "[^")
}
