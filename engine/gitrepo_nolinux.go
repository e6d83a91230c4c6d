//go:build !linux

package engine

import "os"

// gitNameMissing is never sure without Linux's faccessat (see
// gitrepo_linux.go): every name goes to statGit.
func gitNameMissing([]byte) bool { return false }

// gitSearchable reports p a directory or an executable file (git's
// access(p, X_OK)).
func gitSearchable(p []byte) bool {
	st, err := os.Stat(string(p))
	return err == nil && (st.IsDir() || st.Mode()&0o111 != 0)
}
