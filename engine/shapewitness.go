package engine

import (
	"strings"

	"github.com/agentctl/agentctl/bashparse"
)

// shapeWitnesses are the protected paths a dynamic write target may name:
// "$D/.bashrc", ".claude/$F", "${X:-.claude/settings.json}" or ".clau${X}"
// write a protected file whatever the variable holds (or when it is
// unset), although the word's source text is no path the safety check can
// match. Each shape (bashparse.Shapes) is read segment by segment: a
// static segment that is a protected name, or a partly dynamic one whose
// static start (a dot and at least one more character) begins one, makes
// the shape a witness, spelled with "$" for the unknown segments.
func shapeWitnesses(op bashparse.File) []string {
	var out []string
	for _, sh := range bashparse.Shapes(op.Path) {
		segs := strings.Split(sh, "/")
		hit := false
		for i, seg := range segs {
			last := i == len(segs)-1
			if !strings.Contains(seg, bashparse.Unknown) {
				if seg != "" && seg[0] == '.' && (inFolded(regoProtectedDirs, seg) || last && inFolded(regoProtectedFiles, seg)) {
					hit = true
				}
				continue
			}
			segs[i] = "$"
			pre, _, _ := strings.Cut(seg, bashparse.Unknown)
			if len(pre) < 2 || pre[0] != '.' {
				continue
			}
			if n := protectedNameFrom(strings.ToLower(pre), last); n != "" {
				segs[i], hit = n, true
			}
		}
		if w := strings.Join(segs, "/"); hit || protectedPath(w) {
			out = append(out, w)
		}
	}
	return out
}

// protectedNameFrom returns a protected directory name (or, for the last
// segment, a file name) starting with pre, or "": the stricter first
// (protectedDirOrder), so ".c$X" is taken for .claude, not .cargo.
func protectedNameFrom(pre string, last bool) string {
	for _, n := range protectedDirOrder {
		if strings.HasPrefix(n, pre) {
			return n
		}
	}
	if last {
		for _, n := range protectedFileOrder {
			if strings.HasPrefix(n, pre) {
				return n
			}
		}
	}
	return ""
}
