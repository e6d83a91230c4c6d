//go:build linux

package engine

import (
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// Paths longer than PATH_MAX. The kernel refuses to open such a name in
// one call (ENAMETOOLONG), but a shell reaches the file anyway: `cd A &&
// cd B && cat l/key` stands in a directory whose absolute name is longer
// than PATH_MAX and opens a short relative name — through a link l that
// may point at a denied directory. A resolution that gave up there would
// leave the lexical name, which no deny rule covers.

// evalLong is evalSymlinks for an absolute path of PATH_MAX bytes or
// more: it is opened in pieces, each shorter than PATH_MAX and ending at
// a slash, each relative to the descriptor of the one before, so the
// kernel follows every link (and climbs every "..") as it would from a
// shell standing there; the descriptor's name in /proc/self/fd is the
// answer. A name too long for that answer is an ENAMETOOLONG error.
func evalLong(p string) (string, error) {
	dirfd := unix.AT_FDCWD
	defer func() {
		if dirfd != unix.AT_FDCWD {
			unix.Close(dirfd)
		}
	}()
	rest := p
	for rest != "" {
		chunk := rest
		rest = ""
		if len(chunk) >= unix.PathMax {
			i := strings.LastIndexByte(chunk[:unix.PathMax-1], '/')
			if i <= 0 {
				return "", &pathError{p, unix.ENAMETOOLONG} // one name longer than the kernel takes
			}
			chunk, rest = chunk[:i], strings.TrimLeft(chunk[i:], "/")
		}
		var fd int
		var err error
		for {
			fd, err = unix.Openat(dirfd, chunk, unix.O_PATH|unix.O_CLOEXEC, 0)
			if err != unix.EINTR {
				break
			}
		}
		if dirfd != unix.AT_FDCWD {
			unix.Close(dirfd)
		}
		dirfd = unix.AT_FDCWD
		if err != nil {
			return "", &pathError{p, err}
		}
		dirfd = fd
	}
	buf := make([]byte, unix.PathMax)
	n, err := unix.Readlink("/proc/self/fd/"+strconv.Itoa(dirfd), buf)
	if err != nil || n <= 0 || n >= len(buf) || buf[0] != '/' {
		return "", &pathError{p, unix.ENAMETOOLONG}
	}
	r := string(buf[:n])
	if strings.HasSuffix(r, " (deleted)") || strings.Contains(r, "(unreachable)") {
		return "", &pathError{p, unix.ENAMETOOLONG}
	}
	return r, nil
}

// unresolvedLong reports a path of PATH_MAX bytes or more that cannot be
// resolved: its target is itself too long to be named, or it is missing —
// and the walk that follows a dangling link (followDangling) takes no name
// that long, so where a write through it lands is not known. What it
// reaches is known only when a process standing near it opens it.
func unresolvedLong(p string) bool {
	if len(p) < unix.PathMax {
		return false
	}
	_, err := evalLong(p)
	return err != nil
}

// pathMax is the longest name the kernel takes in one call, plus one.
const pathMax = unix.PathMax
