//go:build !linux

package engine

// gitNameMissing is never sure without Linux's faccessat (see
// gitrepo_linux.go): every name goes to statGit.
func gitNameMissing([]byte) bool { return false }
