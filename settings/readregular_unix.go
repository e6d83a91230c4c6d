//go:build unix

package settings

import (
	"fmt"
	"os"
	"syscall"
)

// readRegular reads a regular file of at most max bytes. Plain system
// calls: an os.File opened O_NONBLOCK joins the runtime's poller, two more
// calls per file, and a Bash call with git in it reads one or two files.
func readRegular(path string, max int64) ([]byte, error) {
	fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
	for err == syscall.EINTR {
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
	}
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		return nil, &os.PathError{Op: "stat", Path: path, Err: err}
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		return nil, &os.PathError{Op: "read", Path: path, Err: fmt.Errorf("%w (mode %#o)", ErrNotRegular, st.Mode&syscall.S_IFMT)}
	}
	tooLarge := &os.PathError{Op: "read", Path: path, Err: fmt.Errorf("%w: larger than %d bytes", ErrTooLarge, max)}
	if int64(st.Size) > max {
		return nil, tooLarge
	}
	// One buffer of the size stat gave, plus a byte to see a file that
	// grew; one that grew past max is refused.
	b := make([]byte, 0, st.Size+1)
	for {
		n, err := syscall.Read(fd, b[len(b):cap(b)])
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, &os.PathError{Op: "read", Path: path, Err: err}
		}
		if n == 0 {
			return b, nil
		}
		b = b[:len(b)+n]
		if int64(len(b)) > max {
			return nil, tooLarge
		}
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
	}
}
