package engine

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/agentctl/agentctl/bashparse"
)

// aliasWitnesses lists the witnesses of a walk that reaches below its root
// only when the root is a directory (bashparse.DirOnlyWalk: mv's sources
// and ln's targets get a second name, git restore rewrites a directory). Nothing lies below a file or a missing path, so
// only a root that is a directory when the call is checked is walked; a
// root with glob characters stands for each directory it matches then. A
// pattern the matcher cannot read may match anything: the walk starts at
// the filesystem root.
func (w *walkGuards) aliasWitnesses(root string, t bashparse.Tree) []ReachFact {
	if !strings.ContainsAny(root, "*?[") {
		if !isDirAt(root) {
			return nil
		}
		return w.treeWitnessesBy(root, t, true)
	}
	matches, err := filepath.Glob(root)
	if err != nil {
		return w.treeWitnessesBy("/", t, true)
	}
	var out []ReachFact
	for _, m := range matches {
		if isDirAt(m) {
			out = append(out, w.treeWitnessesBy(m, t, true)...)
		}
	}
	return out
}

// isDirAt reports whether p is a directory (through symbolic links) when
// the call is checked.
func isDirAt(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}
