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

// readHead reads the first bytes of a HEAD file (see gitrepo_unix.go).
func readHead(p []byte, buf *[255]byte) ([]byte, bool, error) {
	st, err := os.Lstat(string(p))
	if err != nil || !st.Mode().IsRegular() {
		return nil, false, nil
	}
	f, err := os.Open(string(p))
	if err != nil {
		return nil, false, nil
	}
	defer f.Close()
	n, err := io.ReadFull(f, buf[:])
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return nil, false, nil
	}
	return buf[:n], true, nil
}

// fileStampOf is unsupported here: no change time to trust, nothing kept.
func fileStampOf(string) (fileStamp, bool) { return fileStamp{}, false }

// dirStampOf is unsupported here: no walk is kept.
func dirStampOf(string) (fileStamp, bool) { return fileStamp{}, false }

// headStampOf is unsupported here: no walk is kept.
func headStampOf(string) (fileStamp, bool) { return fileStamp{}, false }
