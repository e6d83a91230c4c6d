package pipeline

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// ErrUnsafeSessionDir is returned (wrapped) for a session directory, or a
// file in it, that agentctl will not use: a symbolic link, something other
// than a directory or regular file, owned by another user, or writable by
// others.
var ErrUnsafeSessionDir = errors.New("unsafe session directory")

// SessionDir is a session's directory, held open: everything in it is
// created relative to that descriptor (openat), never following a symbolic
// link, directories 0700 and files 0600. A reused directory is fine — files
// are appended to or created anew, never truncated. Methods are safe for
// concurrent use.
type SessionDir struct {
	path string
	dir  *os.File
}

// OpenSessionDir creates (0700, parents too) or opens the session directory
// at path. The directory itself must not be a symbolic link, must belong
// to the current user and must not be writable by group or others.
func OpenSessionDir(path string) (*SessionDir, error) {
	path = filepath.Clean(path)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("session directory: %w", err)
	}
	if err := unix.Mkdir(path, 0o700); err != nil && !errors.Is(err, unix.EEXIST) {
		return nil, &fs.PathError{Op: "mkdir", Path: path, Err: err}
	}
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, unsafeOrErr(path, err)
	}
	d := &SessionDir{path: path, dir: os.NewFile(uintptr(fd), path)}
	if err := checkOwned(d.dir, path, true); err != nil {
		d.dir.Close()
		return nil, err
	}
	return d, nil
}

// Path is the directory's path.
func (d *SessionDir) Path() string { return d.path }

// Close releases the directory.
func (d *SessionDir) Close() error { return d.dir.Close() }

// unsafeOrErr turns the errors O_NOFOLLOW and O_DIRECTORY give for a
// symbolic link or a non-directory into ErrUnsafeSessionDir (Linux answers
// ENOTDIR for a link opened with both flags, so the path is looked at
// again, without following it, to say which).
func unsafeOrErr(path string, err error) error {
	if errors.Is(err, unix.ENOTDIR) {
		if st, lerr := os.Lstat(path); lerr == nil && st.Mode()&fs.ModeSymlink != 0 {
			err = unix.ELOOP
		}
	}
	switch {
	case errors.Is(err, unix.ELOOP):
		return fmt.Errorf("%w: %s is a symbolic link", ErrUnsafeSessionDir, path)
	case errors.Is(err, unix.ENOTDIR):
		return fmt.Errorf("%w: %s is not a directory", ErrUnsafeSessionDir, path)
	case errors.Is(err, unix.ENXIO):
		return fmt.Errorf("%w: %s is a FIFO or socket", ErrUnsafeSessionDir, path)
	}
	return &fs.PathError{Op: "open", Path: path, Err: err}
}

// checkOwned requires f to be a directory (or a regular file) of the
// current user that group and others cannot write.
func checkOwned(f *os.File, path string, dir bool) error {
	var st unix.Stat_t
	if err := unix.Fstat(int(f.Fd()), &st); err != nil {
		return &fs.PathError{Op: "fstat", Path: path, Err: err}
	}
	kind := uint32(unix.S_IFREG)
	if dir {
		kind = unix.S_IFDIR
	}
	switch {
	case st.Mode&unix.S_IFMT != kind:
		return fmt.Errorf("%w: %s is not a regular file", ErrUnsafeSessionDir, path)
	case int(st.Uid) != os.Geteuid():
		return fmt.Errorf("%w: %s belongs to uid %d", ErrUnsafeSessionDir, path, st.Uid)
	case st.Mode&0o022 != 0:
		return fmt.Errorf("%w: %s is writable by group or others (mode %#o)", ErrUnsafeSessionDir, path, st.Mode&0o777)
	}
	return nil
}

// subdir creates (0700) or opens the directory name inside d, not
// following a symbolic link.
func (d *SessionDir) subdir(name string) (*SessionDir, error) {
	path := filepath.Join(d.path, name)
	if err := unix.Mkdirat(int(d.dir.Fd()), name, 0o700); err != nil && !errors.Is(err, unix.EEXIST) {
		return nil, &fs.PathError{Op: "mkdir", Path: path, Err: err}
	}
	fd, err := unix.Openat(int(d.dir.Fd()), name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, unsafeOrErr(path, err)
	}
	s := &SessionDir{path: path, dir: os.NewFile(uintptr(fd), path)}
	if err := checkOwned(s.dir, path, true); err != nil {
		s.dir.Close()
		return nil, err
	}
	return s, nil
}

// openFile opens name inside d for writing with flags (O_APPEND, O_EXCL…),
// creating it 0600, never through a symbolic link and never blocking on a
// FIFO; the result must be a regular file of the current user.
func (d *SessionDir) openFile(name string, flags int) (*os.File, error) {
	path := filepath.Join(d.path, name)
	fd, err := unix.Openat(int(d.dir.Fd()), name,
		flags|unix.O_WRONLY|unix.O_CREAT|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, 0o600)
	if err != nil {
		if errors.Is(err, unix.EEXIST) {
			return nil, &fs.PathError{Op: "create", Path: path, Err: fs.ErrExist}
		}
		return nil, unsafeOrErr(path, err)
	}
	f := os.NewFile(uintptr(fd), path)
	if err := checkOwned(f, path, false); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// WriteNew writes data to a new file in the subdirectory sub, named name
// plus ext — or name~2, name~3 … when a file of that name already exists
// (a reused session directory) — and returns its path. A failed write
// leaves no file behind.
func (d *SessionDir) WriteNew(sub, name, ext string, data []byte) (string, error) {
	s, err := d.subdir(sub)
	if err != nil {
		return "", err
	}
	defer s.Close()
	for n := 1; n <= 1000; n++ {
		file := name + ext
		if n > 1 {
			file = fmt.Sprintf("%s~%d%s", name, n, ext)
		}
		f, err := s.openFile(file, unix.O_EXCL)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		_, werr := f.Write(data)
		cerr := f.Close()
		if err := errors.Join(werr, cerr); err != nil {
			_ = unix.Unlinkat(int(s.dir.Fd()), file, 0)
			return "", err
		}
		return f.Name(), nil
	}
	return "", fmt.Errorf("%s: too many files named %s", s.path, name+ext)
}
