//go:build unix

package engine

import (
	"errors"
	"os"
	"strings"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
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

// readHead reads the first bytes of a HEAD file as git's validate_headref
// does (ok false: git would find no HEAD there). A symlink is answered by
// its target's name; a HEAD that would block a reader (a FIFO) is an
// error.
func readHead(p []byte, buf *[255]byte) ([]byte, bool, error) {
	path := unsafe.String(unsafe.SliceData(p), len(p))
	fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOFOLLOW|syscall.O_CLOEXEC, 0)
	for err == syscall.EINTR {
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOFOLLOW|syscall.O_CLOEXEC, 0)
	}
	if err == syscall.ELOOP {
		n, err := syscall.Readlink(path, buf[len("ref: "):])
		if err != nil || !strings.HasPrefix(string(buf[len("ref: "):len("ref: ")+n]), "refs/") {
			return nil, false, nil
		}
		copy(buf[:], "ref: ")
		return buf[:len("ref: ")+n], true, nil
	}
	if err != nil {
		return nil, false, nil
	}
	defer syscall.Close(fd)
	n, err := syscall.Read(fd, buf[:])
	for err == syscall.EINTR {
		n, err = syscall.Read(fd, buf[:])
	}
	switch {
	case err == syscall.EISDIR:
		return nil, false, nil
	case err == syscall.EAGAIN:
		return nil, false, &os.PathError{Op: "read", Path: string(p), Err: errors.New("HEAD is not a regular file: git would wait on it")}
	case err != nil:
		return nil, false, nil
	}
	if n == 0 {
		// Empty, or a FIFO with no writer yet: git's blocking open would
		// wait for one and then read what it writes.
		var st syscall.Stat_t
		if err := syscall.Fstat(fd, &st); err != nil || st.Mode&syscall.S_IFMT != syscall.S_IFREG {
			return nil, false, &os.PathError{Op: "read", Path: string(p), Err: errors.New("HEAD is not a regular file: git would wait on it")}
		}
	}
	return buf[:n], true, nil
}

// fileStampOf stats p for gitConfigMemo; ok is false for anything but a
// regular file that could be read whole.
func fileStampOf(p string) (fileStamp, bool) {
	var st unix.Stat_t
	if err := unix.Stat(p, &st); err != nil || st.Mode&unix.S_IFMT != unix.S_IFREG || st.Size > gitConfigMax {
		return fileStamp{}, false
	}
	return fileStamp{dev: uint64(st.Dev), ino: uint64(st.Ino), size: st.Size,
		mtime: st.Mtim.Nano(), ctime: st.Ctim.Nano()}, true
}

// dirStampOf stats directory p, following links, for gitWalkMemo.
func dirStampOf(p string) (fileStamp, bool) {
	var st unix.Stat_t
	if err := unix.Stat(p, &st); err != nil || st.Mode&unix.S_IFMT != unix.S_IFDIR {
		return fileStamp{}, false
	}
	return fileStamp{dev: uint64(st.Dev), ino: uint64(st.Ino), size: st.Size,
		mtime: st.Mtim.Nano(), ctime: st.Ctim.Nano()}, true
}

// headStampOf lstats p, a HEAD file, for gitWalkMemo: ok only for a
// regular file (a symbolic link HEAD is read on every call).
func headStampOf(p string) (fileStamp, bool) {
	var st unix.Stat_t
	if err := unix.Lstat(p, &st); err != nil || st.Mode&unix.S_IFMT != unix.S_IFREG {
		return fileStamp{}, false
	}
	return fileStamp{dev: uint64(st.Dev), ino: uint64(st.Ino), size: st.Size,
		mtime: st.Mtim.Nano(), ctime: st.Ctim.Nano()}, true
}
