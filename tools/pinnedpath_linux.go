//go:build linux

package tools

import (
	"errors"
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// openNoSymlinks opens path, which was resolved to have no symbolic link,
// refusing any that has appeared on the way since (ELOOP). A kernel
// without openat2 (before 5.6) opens it as it finds it.
func openNoSymlinks(path string, flag int, perm os.FileMode) (*os.File, error) {
	how := unix.OpenHow{Flags: uint64(flag | unix.O_CLOEXEC), Resolve: unix.RESOLVE_NO_SYMLINKS | unix.RESOLVE_NO_MAGICLINKS}
	if flag&os.O_CREATE != 0 {
		how.Mode = uint64(perm.Perm())
	}
	for {
		fd, err := unix.Openat2(unix.AT_FDCWD, path, &how)
		switch {
		case err == nil:
			return os.NewFile(uintptr(fd), path), nil
		case errors.Is(err, unix.EINTR):
			continue
		case errors.Is(err, unix.ENOSYS):
			return os.OpenFile(path, flag, perm)
		case errors.Is(err, unix.ELOOP):
			return nil, fmt.Errorf("open %s: a symbolic link appeared on the way since the call was decided", path)
		}
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
}
