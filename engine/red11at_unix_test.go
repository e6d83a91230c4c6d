//go:build unix

package engine

import "golang.org/x/sys/unix"

// Directory-relative calls for building trees deeper than PATH_MAX.

func mkdirAt(dirfd int, name string) error { return unix.Mkdirat(dirfd, name, 0o755) }

func openDirAt(dirfd int, name string) (int, error) {
	return unix.Openat(dirfd, name, unix.O_DIRECTORY|unix.O_RDONLY|unix.O_CLOEXEC, 0)
}

func symlinkAt(target string, dirfd int, name string) error {
	return unix.Symlinkat(target, dirfd, name)
}

func writeAt(dirfd int, name, content string) error {
	fd, err := unix.Openat(dirfd, name, unix.O_CREAT|unix.O_WRONLY|unix.O_CLOEXEC, 0o644)
	if err != nil {
		return err
	}
	defer unix.Close(fd)
	_, err = unix.Write(fd, []byte(content))
	return err
}

func closeAt(fd int) { unix.Close(fd) }

func unixDup(fd int) (int, error) { return unix.Dup(fd) }
