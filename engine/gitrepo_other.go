//go:build !unix

package engine

import (
	"errors"
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
