package settings

import (
	"os"
	"path/filepath"
	"slices"
)

// protectedLinkNames are the names spec §6 protects that a repository
// ships at its top level: a write under one of these directories, or to
// one of these files, asks in every mode (only bypass mode skips the ask
// for the ones outside .git and .claude).
var protectedLinkNames = []string{".claude", ".git", ".vscode", ".idea", ".husky", ".cargo", ".devcontainer",
	".yarn", ".mvn", ".config/git", ".bashrc", ".bash_profile", ".bash_login", ".profile", ".zshrc",
	".zprofile", ".zshenv", ".zlogin", ".envrc", ".gitconfig", ".gitmodules", ".npmrc", ".mcp.json", ".claude.json"}

// protectedWalkedDirs are the protected directories whose own symlinks
// are looked for too (.git is made by the clone, not shipped; .yarn holds
// the package cache).
var protectedWalkedDirs = setOf(".claude", ".vscode", ".idea", ".husky", ".cargo", ".devcontainer", ".mvn", ".config/git")

// Bounds of the walk below protected directories: a repository may ship
// anything there, and loading must end.
const (
	maxProtectedLinkEntries = 2048
	maxProtectedLinkDepth   = 8
)

// repositoryProtectedLinks lists where the repository's protected paths
// lead when it spells them through a symlink, at the cwd and at the git
// root: the protected directory or file itself (.husky -> scripts/husky,
// .envrc -> env.sh) and every link below a protected directory
// (.claude/skills/x -> ../../docs/x, .vscode/tasks.json -> ../ci/t.json).
// The engine protects a write by the path it spells (resolved forwards),
// so writing scripts/husky/pre-commit — the file git runs as
// .husky/pre-commit — or docs/x/SKILL.md — the skill .claude/skills/x
// loads, hooks in its frontmatter and all — was an ordinary edit that
// acceptEdits and bypass mode let through unasked. A target at or above
// the cwd is left out (every write of the session would ask), as in
// repositoryPolicyLinks. A walk past its bounds cannot know every link:
// the cwd itself is then listed (every write asks), with ok false.
//
// userDirs (the user's settings directory, ~/.claude) are not walked when
// the cwd is home: they are the user's, policy already, and hold a
// session history far past the bound.
func repositoryProtectedLinks(cwd, root string, userDirs ...string) (out []string, ok bool) {
	w := protectedLinkWalk{cwd: cwd, left: maxProtectedLinkEntries, ok: true}
	dirs := []string{cwd}
	if root != cwd {
		dirs = append(dirs, root)
	}
	for _, d := range dirs {
		for _, name := range protectedLinkNames {
			p := filepath.Join(d, name)
			w.link(p)
			if protectedWalkedDirs[name] && !slices.Contains(userDirs, p) {
				w.dir(p, filepath.Join(d, ".claude", "worktrees"), 0)
			}
		}
	}
	if !w.ok {
		w.out = append(w.out, cwd)
	}
	return w.out, w.ok
}

// protectedLinkWalk collects the targets of the links below protected
// directories.
type protectedLinkWalk struct {
	cwd  string
	out  []string
	left int
	ok   bool
}

// link records where p leads when p itself is a symlink (one lstat for
// the names a repository does not ship; a link among the cwd's parents,
// /tmp -> /private/tmp, is not the repository's).
func (w *protectedLinkWalk) link(p string) {
	if fi, err := os.Lstat(p); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		return
	}
	if t, ok := linkTarget(p); ok && !within(t, w.cwd) {
		w.out = append(w.out, t)
	}
}

// dir records the link targets below the directory p (a link to a
// directory is recorded, not entered: its whole target is protected),
// skipping skip (.claude/worktrees, which stays writable).
func (w *protectedLinkWalk) dir(p, skip string, depth int) {
	if p == skip {
		return
	}
	entries, err := os.ReadDir(p)
	if err != nil {
		return // absent or not a directory: nothing below it is loaded
	}
	if depth > maxProtectedLinkDepth {
		w.ok = false
		return
	}
	for _, e := range entries {
		if w.left--; w.left < 0 {
			w.ok = false
			return
		}
		q := filepath.Join(p, e.Name())
		switch {
		case q == skip:
		case e.Type()&os.ModeSymlink != 0:
			w.link(q)
		case e.IsDir():
			w.dir(q, skip, depth+1)
		}
	}
}
