package tools

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// worktreeDir is where EnterWorktree checks out worktree name: the
// repository's .claude/worktrees/NAME, really there. The call was decided
// (and approved) as a worktree under the project; but .claude or
// .claude/worktrees may be a link a repository ships (→ ~/.config), and
// `git worktree add` would check the repository's files out into
// ~/.config/NAME — ~/.config/git/config among them, with the session's cwd
// moved there under the project's name. So no component from the
// repository root to the worktree may exist as anything but a real
// directory, and name must be a plain relative path (no "..", ".", empty
// or absolute parts, no leading "-" that git would read as an option).
func worktreeDir(root, name string) (string, error) {
	if !fs.ValidPath(name) || name == "." || strings.HasPrefix(name, "-") || strings.Contains(name, "\\") {
		return "", fmt.Errorf("worktree name %q must be a plain relative name", name)
	}
	dir := root
	for _, part := range append([]string{".claude", "worktrees"}, strings.Split(name, "/")...) {
		dir = filepath.Join(dir, part)
		st, err := os.Lstat(dir)
		switch {
		case os.IsNotExist(err):
			return filepath.Join(root, ".claude", "worktrees", name), nil // git makes the rest
		case err != nil:
			return "", err
		case !st.IsDir():
			return "", fmt.Errorf("%s is not a directory (a link, or a file): the worktree would not be under the project", dir)
		}
	}
	return dir, nil
}
