package engine

import (
	"os"
	"path/filepath"

	"github.com/agentctl/agentctl/bashparse"
)

// repoTop is the top of the work tree holding dir: the nearest directory
// at or above dir with a .git entry (a directory, or a linked worktree's
// or submodule's gitfile). A command that prints the whole repository
// (git diff, git log -p: bashparse.Tree.Repo) reads from there even when
// run in a subdirectory. Without one, dir itself (git would fail there,
// or use a repository an environment variable names, which is not a safe
// assignment for an allow). It is safe for concurrent use.
func repoTop(dir string) string {
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		if d == "/" || d == "." || d == filepath.Dir(d) {
			return dir
		}
	}
}

// repoWitnesses lists the paths under a guard glob that a walk of the
// repository holding root (repoTop) could visit, when that top lies above
// root: treeWitnesses has already covered root itself.
func (gs guardGlobs) repoWitnesses(root string, t bashparse.Tree) []ReachFact {
	top := repoTop(root)
	if top == root {
		return nil
	}
	return gs.treeWitnesses(top, t)
}
