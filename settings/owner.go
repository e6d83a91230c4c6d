package settings

import (
	"os"
	"syscall"
)

// ownFile reports whether path (followed through symlinks) is missing or
// belongs to this process's user or to root. Local settings are a user's
// own file, which Claude Code writes for them; found at a git root above
// the cwd and owned by someone else, they are another user's — the way
// git refuses a repository another user owns (safe.directory): in a
// shared directory such as /tmp, anyone can create .git and .claude.
func ownFile(path string) bool {
	fi, err := os.Stat(path)
	if err != nil {
		return true // missing: nothing is read; unreadable: reading says why
	}
	return owned(fi)
}

// owned reports whether fi belongs to this process's user or to root (a
// system without owners owns everything).
func owned(fi os.FileInfo) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return true
	}
	return st.Uid == 0 || int(st.Uid) == os.Geteuid()
}
