package engine

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/agentctl/agentctl/bashparse"
)

// workTreeTop is the top of the work tree git uses from root, given the
// git directory the walk up from root found (gitDirOf): the directory
// holding that .git, or the bare repository itself. A linked worktree's or
// submodule's gitfile names a git directory elsewhere: the nearest .git
// entry above root is the top. A walk that failed (err) leaves root.
func workTreeTop(root, gitDir string, err error) string {
	switch {
	case err != nil:
		return root
	case filepath.Base(gitDir) == ".git" && inDir(root, filepath.Dir(gitDir)):
		return filepath.Dir(gitDir)
	case inDir(root, gitDir):
		return gitDir // a bare repository holding root
	}
	for d := filepath.Clean(root); ; d = filepath.Dir(d) {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		if d == filepath.Dir(d) {
			return root
		}
	}
}

// gitContentWitnesses lists the guarded paths a git walk of stored
// contents (bashparse.Tree.Repo: git diff, git log -p, git show) rooted
// at root may print. Outside a repository git would use (findGitDir: a
// .git directory without HEAD, objects and refs is passed over) git
// prints nothing; a repository that cannot be told apart is taken as one. A diff of
// the work tree (Tree.Index) prints only what the index tracks: the
// tracked paths are matched against the guards, so that git diff stays
// allowed in a repository that tracks no denied file; when the index
// cannot be read, and for every other form (history and objects hold
// files the index no longer does), the walk's witnesses stand, from root
// and, for a form that covers the whole repository (Tree.Top), from its
// top.
func (e env) gitContentWitnesses(root string, t bashparse.Tree) []ReachFact {
	gitDir, err := e.gitDirOf(root)
	if err == nil && gitDir == "" {
		return nil // no repository git would use: it prints nothing
	}
	top := workTreeTop(root, gitDir, err)
	scope := root
	if t.Top {
		scope = top
	}
	if t.Index {
		if out, ok := e.indexWitnesses(top, scope, t); ok {
			return out
		}
	}
	if inDir(root, scope) {
		// The walk of the whole repository covers root's.
		return e.walk.treeWitnesses(scope, t)
	}
	return append(e.walk.treeWitnesses(root, t), e.walk.treeWitnesses(scope, t)...)
}

// indexWitnesses lists the paths below scope that the index of the
// repository at top tracks and a guard covers; ok is false when the index
// cannot be read (gitIndexPaths).
func (e env) indexWitnesses(top, scope string, t bashparse.Tree) (out []ReachFact, ok bool) {
	gitDir, err := e.gitDirOf(top)
	if err != nil || gitDir == "" {
		return nil, false
	}
	paths, err := gitIndexPaths(filepath.Join(gitDir, "index"))
	if os.IsNotExist(err) {
		return nil, true // nothing tracked yet
	}
	if err != nil {
		return nil, false
	}
	prefix := strings.TrimSuffix(top, "/") + "/"
	for _, p := range paths {
		abs := prefix + p
		if _, kept := walkKeeps(scope, abs, "", t, false); !kept {
			continue // the walk's own filters leave it out (a pathspec's ending)
		}
		if inDir(abs, scope) && e.guards.matchAny(abs) {
			out = append(out, ReachFact{FileFact: FileFact{Path: abs, Resolved: abs, Access: string(t.Access), Via: t.Via,
				Written: t.Root}, Root: scope})
		}
	}
	return out, true
}

// gitDirOf is findGitDir through the call's resolver: the walk up from a
// directory is made once per call, and git's configuration check of the
// same command (gitRepoFacts) finds it done.
func (e env) gitDirOf(dir string) (string, error) {
	if e.res == nil {
		return findGitDir(dir)
	}
	return findGitDirSeen(dir, &e.res.gitWalk, e.res.knownMissing)
}
