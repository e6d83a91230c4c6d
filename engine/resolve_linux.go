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
	if len(p) >= unix.PathMax {
		return evalLong(p)
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
	return plainAt(unix.AT_FDCWD, p)
}

// plainAt is openat2 with RESOLVE_NO_SYMLINKS of p relative to dirfd.
func plainAt(dirfd int, p string) plainness {
	how := unix.OpenHow{Flags: unix.O_PATH | unix.O_CLOEXEC, Resolve: unix.RESOLVE_NO_SYMLINKS}
	for {
		fd, err := unix.Openat2(dirfd, p, &how)
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

// baseDir is a directory opened for the length of one call, so that paths
// under it are checked relative to it. Opening it with
// RESOLVE_NO_SYMLINKS proves the directory itself plain.
type baseDir struct {
	fd    int
	state uint8 // 0 untried, 1 open, 2 failed
}

func (b *baseDir) opened() bool { return b.state == 1 }

// open opens dir once; a failure (a symlink on the way, EACCES) is
// remembered and the caller checks each path from the root.
func (b *baseDir) open(dir string) bool {
	if b.state != 0 {
		return b.state == 1
	}
	b.state = 2
	how := unix.OpenHow{Flags: unix.O_PATH | unix.O_DIRECTORY | unix.O_CLOEXEC, Resolve: unix.RESOLVE_NO_SYMLINKS}
	for {
		fd, err := unix.Openat2(unix.AT_FDCWD, dir, &how)
		if err == unix.EINTR {
			continue
		}
		if err == nil {
			b.fd, b.state = fd, 1
		}
		return b.state == 1
	}
}

// plainAt is plainPath for rel (clean, relative, no ..) under the open
// directory. A single name needs no walk: lstat tells a link from the rest,
// and its answer gives the file's link count too (links: see hardLinks;
// -1 when this look did not learn it).
func (b *baseDir) plainAt(rel string) (s plainness, links int64) {
	if !strings.Contains(rel, "/") {
		var st unix.Stat_t
		for {
			err := unix.Fstatat(b.fd, rel, &st, unix.AT_SYMLINK_NOFOLLOW)
			switch {
			case err == unix.EINTR:
				continue
			case err == unix.ENOENT:
				return plainMissing, 0
			case err != nil || st.Mode&unix.S_IFMT == unix.S_IFLNK:
				return notPlain, -1
			case st.Mode&unix.S_IFMT != unix.S_IFREG:
				return plainExists, 0
			}
			return plainExists, int64(st.Nlink)
		}
	}
	return plainAt(b.fd, rel), -1
}

func (b *baseDir) close() {
	if b.state == 1 {
		unix.Close(b.fd)
		b.state = 2
	}
}
