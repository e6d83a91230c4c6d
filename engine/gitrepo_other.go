//go:build !unix

package engine

import (
	"errors"
	"io"
	"io/fs"
	"os"
)

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
