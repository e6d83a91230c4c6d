package tools

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// maxEditableSize bounds the file the editing tools read whole into memory.
const maxEditableSize = 256 << 20

// readEditable reads the file an editing tool changes (Edit, MultiEdit,
// Write's previous content, NotebookEdit); a missing file is empty
// content. It runs before the permission check (validation needs the
// content), so it must not be made to hang or exhaust memory by what the
// path names: a FIFO (which blocks the open and the read until a writer
// comes), a device such as /dev/zero (which never ends) or a socket is
// refused, as Read refuses them, and a regular file larger than
// maxEditableSize is too.
func readEditable(ctx context.Context, path string) (string, bool, error) {
	at := path
	if leads, ok := pinnedFor(ctx, path); ok {
		at = leads // as decided (pinnedpath.go)
	}
	st, err := os.Stat(at)
	if errors.Is(err, fs.ErrNotExist) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	if st.IsDir() {
		return "", true, fmt.Errorf("%s is a directory", path)
	}
	if !st.Mode().IsRegular() {
		return "", true, fmt.Errorf("%s is %s; only regular files can be edited", path, notRegular(st.Mode()))
	}
	f, _, refused, ok := openRegular(ctx, path)
	if !ok {
		return "", true, fmt.Errorf("%v", refused.Data)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxEditableSize+1))
	if err != nil {
		return "", true, err
	}
	if len(b) > maxEditableSize {
		return "", true, fmt.Errorf("%s is larger than %d MiB; it cannot be edited whole", path, maxEditableSize>>20)
	}
	return string(b), true, nil
}

// checkEditable refuses, from its metadata alone, a path an editing tool
// must not open: an existing directory, FIFO, device or socket (a write to
// a FIFO blocks until a reader comes; one to a device is no file edit).
func checkEditable(path string) error {
	st, err := os.Stat(path)
	switch {
	case err != nil:
		return nil // missing (created) or unreadable (the write reports it)
	case st.IsDir():
		return fmt.Errorf("%s is a directory", path)
	case !st.Mode().IsRegular():
		return fmt.Errorf("%s is %s; only regular files can be written", path, notRegular(st.Mode()))
	}
	return nil
}
