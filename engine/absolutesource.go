package engine

import (
	"path/filepath"
	"slices"

	"github.com/agentctl/agentctl/settings"
)

// absoluteReadingGlobs are the globs of a deny or ask rule "/path" read
// as the absolute path it spells, when that path lies in the home
// directory, the working directories or the rule's own source root:
// Read(/home/u/.ssh/**) in user settings, Read(/home/u/proj/.env.prod)
// in the project's. Anchored at the source root as the grammar says
// (~/.claude/home/u/.ssh/**, proj/home/u/proj/.env.prod) the rule named
// nothing that exists, and the file it was written for was read freely.
// Claude Code documents the trap ("//" anchors at the root); a deny that
// names a place the user has is read the stricter way too. A path
// outside those directories (/src/**, /config/**) keeps its one reading:
// a project's top-level directory is not a directory of the root.
func absoluteReadingGlobs(r settings.Rule, a anchorSet) []string {
	if r.Behavior == settings.Allow || r.Anchor != settings.AnchorSource || r.Pattern == "" {
		return nil
	}
	p := filepath.Clean("/" + r.Pattern)
	dirs := append(append(append(slices.Clone(a.rootVariants(r.Root)), a.home...), a.cwd...), a.extra...)
	for _, d := range dirs {
		if d != "" && d != "/" && (p == d || regoInDir(p, d)) {
			abs := r
			abs.Anchor, abs.Pattern = settings.AnchorRoot, "/"+r.Pattern
			return writtenPathGlobs(abs, a)
		}
	}
	return nil
}
