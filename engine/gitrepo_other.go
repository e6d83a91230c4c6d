//go:build !unix

package engine

import (
	"errors"
	"io"
	"io/fs"
	"os"
)

// openNoBlock opens p for reading when it is a regular file; without
// O_NONBLOCK the check comes first.
func openNoBlock(p string) (*os.File, error) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, errors.New(p + " is not a regular file")
	}
	return os.Open(p)
}

// statGit reports what p is (see gitrepo_unix.go).
func statGit(p []byte) (gitEntry, error) {
	st, err := os.Stat(string(p))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return gitNone, nil
	case err != nil:
		return gitNone, err
	case st.IsDir():
		return gitDirEntry, nil
	case st.Mode().IsRegular():
		return gitFileEntry, nil
	}
	return gitOther, nil
}

// readBounded reads a regular file of at most max bytes; a FIFO or device
// is refused without blocking (openNoBlock).
func readBounded(p string, max int64) ([]byte, error) {
	fh, err := openNoBlock(p)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, errors.New(p + " is not a regular file")
	}
	if st.Size() > max {
		return nil, errors.New(p + " is too large to read")
	}
	// One buffer of the size stat gave, plus a byte to see a file that
	// grew; a file that grew past max is refused.
	b := make([]byte, 0, st.Size()+1)
	for {
		n, err := fh.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF || n == 0 && err == nil {
			return b, nil
		}
		if err != nil {
			return nil, err
		}
		if int64(len(b)) > max {
			return nil, errors.New(p + " is too large to read")
		}
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
	}
}
