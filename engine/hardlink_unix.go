//go:build unix

package engine

import "golang.org/x/sys/unix"

// hardLinks is the number of names the regular file p has (symlinks
// followed), or 0 when p is missing or not a regular file. A write through
// one name changes the file under all of them, and the other names cannot
// be found without walking the file system: a count above one means a
// protected file (.git/hooks/pre-commit, .claude/settings.json) may be
// written under a harmless name. A file that cannot be looked at (EACCES,
// ELOOP) counts as linked: the answer never opens by default.
func hardLinks(p string) uint64 {
	var st unix.Stat_t
	for {
		err := unix.Stat(p, &st)
		if err == unix.EINTR {
			continue
		}
		if err == unix.ENOENT || err == unix.ENOTDIR {
			return 0 // a file yet to be made has no other name
		}
		if err != nil {
			return 2 // cannot tell: counted as linked, so the write asks
		}
		if st.Mode&unix.S_IFMT != unix.S_IFREG {
			return 0
		}
		return uint64(st.Nlink)
	}
}
