//go:build linux

package engine

import (
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// evalSymlinks is filepath.EvalSymlinks in three system calls: open the
// path with O_PATH (the kernel follows every symlink on the way) and read
// back the name /proc/self/fd gives the descriptor. Without /proc, for a
// relative path, or when the kernel's name is not a plain absolute path,
// it falls back to filepath.EvalSymlinks. Nothing is cached: a symlink
// made between two calls is seen by the second.
func evalSymlinks(p string) (string, error) {
	if !filepath.IsAbs(p) {
		return filepath.EvalSymlinks(p)
	}
	var fd int
	var err error
	for {
		fd, err = unix.Open(p, unix.O_PATH|unix.O_CLOEXEC, 0)
		if err != unix.EINTR {
			break
		}
	}
	if err != nil {
		return "", &pathError{p, err}
	}
	defer unix.Close(fd)
	var buf [unix.PathMax]byte
	n, err := unix.Readlink("/proc/self/fd/"+strconv.Itoa(fd), buf[:])
	if err != nil || n <= 0 || n >= len(buf) || buf[0] != '/' {
		return filepath.EvalSymlinks(p)
	}
	r := string(buf[:n])
	if strings.HasSuffix(r, " (deleted)") || strings.Contains(r, "(unreachable)") {
		return filepath.EvalSymlinks(p)
	}
	return r, nil
}

// plainPath tells, in one system call, whether a clean absolute path
// resolves to itself: openat2 with RESOLVE_NO_SYMLINKS fails with ELOOP at
// the first symlink on the way, so success (plainExists) — or ENOENT
// (plainMissing: a missing component met before any symlink) — proves
// every existing component a plain directory or file. Anything else (a
// symlink, a kernel without openat2, EACCES, ENOTDIR) is notPlain and the
// caller resolves the slow way.
func plainPath(p string) plainness {
	if !filepath.IsAbs(p) || filepath.Clean(p) != p {
		return notPlain
	}
	how := unix.OpenHow{Flags: unix.O_PATH | unix.O_CLOEXEC, Resolve: unix.RESOLVE_NO_SYMLINKS}
	for {
		fd, err := unix.Openat2(unix.AT_FDCWD, p, &how)
		switch err {
		case nil:
			unix.Close(fd)
			return plainExists
		case unix.ENOENT:
			return plainMissing
		case unix.EINTR:
			continue
		}
		return notPlain
	}
}

// pathError is a failed resolution of a path.
type pathError struct {
	path string
	err  error
}

func (e *pathError) Error() string { return "resolve " + e.path + ": " + e.err.Error() }

func (e *pathError) Unwrap() error { return e.err }
