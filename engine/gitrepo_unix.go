//go:build unix

package engine

import (
	"errors"
	"os"
	"syscall"
	"unsafe"
)

// readBounded reads a regular file of at most max bytes; a FIFO or device
// is refused without blocking. Plain system calls: an os.File opened
// O_NONBLOCK joins the runtime's poller, two more calls per file, and a
// Bash call with git in it reads one or two files.
func readBounded(p string, max int64) ([]byte, error) {
	fd, err := syscall.Open(p, syscall.O_RDONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
	for err == syscall.EINTR {
		fd, err = syscall.Open(p, syscall.O_RDONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
	}
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: p, Err: err}
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		return nil, &os.PathError{Op: "stat", Path: p, Err: err}
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		return nil, errors.New(p + " is not a regular file")
	}
	if st.Size > max {
		return nil, errors.New(p + " is too large to read")
	}
	// One buffer of the size stat gave, plus a byte to see a file that
	// grew; a file that grew past max is refused.
	b := make([]byte, 0, st.Size+1)
	for {
		n, err := syscall.Read(fd, b[len(b):cap(b)])
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, &os.PathError{Op: "read", Path: p, Err: err}
		}
		if n == 0 {
			return b, nil
		}
		b = b[:len(b)+n]
		if int64(len(b)) > max {
			return nil, errors.New(p + " is too large to read")
		}
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
	}
}

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
