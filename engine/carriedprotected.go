package engine

import "io/fs"

// carriesProtected reports an entry below a tree a move or copy carries
// (see copiedLinks) whose name the safety stage guards: moving t4 (which
// holds t4/.claude/settings.json) to t5 takes the protected directory
// from its place and makes t5/.claude under a name nobody wrote, as
// `rm -rf t4` would remove it (that asks). The entry is then counted as a
// write of itself, which asks like any write of a protected path (spec
// §6); the walk need not go below it.
func (e env) carriesProtected(root, p string, d fs.DirEntry) bool {
	return p != root && d.Type()&fs.ModeSymlink == 0 && e.protectedName(p)
}
