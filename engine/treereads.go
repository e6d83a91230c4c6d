package engine

import (
	"path/filepath"

	"github.com/agentctl/agentctl/bashparse"
	"github.com/agentctl/agentctl/settings"
)

// TreeReads lists every path a recursive read of the tree at root (an
// absolute directory) could reach under the Read deny and ask rules keep
// accepts: for each such rule's glob, the paths below root it may match,
// found from the patterns (no walk of the tree). Unlike a decision's
// witnesses the list is not cut short: a caller weighing only some rules
// (the hook's Claude Code Grep, which leaves out what Claude Code's own
// rules name) needs a witness of each of them.
func (e *Engine) TreeReads(root string, keep func(settings.Rule) bool) []string {
	s := *e.settings
	s.Rules = nil
	for _, r := range e.settings.Rules {
		if keep(r) {
			s.Rules = append(s.Rules, r)
		}
	}
	_, walk, _ := newGuards(&s)
	root = filepath.Clean(root)
	roots := []string{root}
	if r := quickResolve(root); r != root {
		roots = append(roots, r)
	}
	var out []string
	seen := map[string]bool{}
	for _, r := range roots {
		t := bashparse.Tree{Access: bashparse.Read, Via: "grep", Root: r}
		for _, w := range walk.forWalk(t).treeWitnessesBy(r, t, true, 0, walk.plans) {
			if !seen[w.Path] {
				seen[w.Path] = true
				out = append(out, w.Path)
			}
		}
	}
	return out
}
