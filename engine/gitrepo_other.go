//go:build !unix

package engine

import (
	"errors"
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
