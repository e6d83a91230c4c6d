//go:build unix

package engine

import (
	"os"
	"syscall"
	"unsafe"
)

// statGit reports what p (a bytes path, .git under a directory) is: the
// walk up to the repository stats one name a level, and a call with git
// in it pays one small allocation a level, not os.Stat's error values.
func statGit(p []byte) (gitEntry, error) {
	var st syscall.Stat_t
	err := syscall.Stat(unsafe.String(unsafe.SliceData(p), len(p)), &st)
	switch {
	case err == syscall.ENOENT || err == syscall.ENOTDIR:
		return gitNone, nil
	case err != nil:
		return gitNone, &os.PathError{Op: "stat", Path: string(p), Err: err}
	case st.Mode&syscall.S_IFMT == syscall.S_IFDIR:
		return gitDirEntry, nil
	case st.Mode&syscall.S_IFMT == syscall.S_IFREG:
		return gitFileEntry, nil
	}
	return gitOther, nil
}
