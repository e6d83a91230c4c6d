package engine

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// walkMayHold reports whether a changing walk of root (find -delete,
// chmod -R) may reach a protected file: root is the cwd or above it (the
// session's own .git and .claude are there, existing or about to), or a
// protected directory or file exists at root's top now. A walk of another
// directory holding none is not taken to hold a nested repository deeper
// down: chmod -R 755 src runs in bypassPermissions mode.
func (e env) walkMayHold(root string) bool {
	if inDir(e.cwd, root) {
		return true
	}
	for _, names := range [][]string{protectedDirOrder, protectedFileOrder} {
		for _, n := range names {
			// Only "no such entry" clears a name (a file root has none);
			// any other error fails closed.
			_, err := os.Lstat(root + "/" + n)
			if err == nil || !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) {
				return true
			}
		}
	}
	return false
}
