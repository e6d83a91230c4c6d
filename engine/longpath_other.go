//go:build !linux

package engine

// unresolvedLong reports a path too long to be resolved in one call;
// without the Linux piecewise walk, every such path is unknown.
func unresolvedLong(p string) bool { return len(p) >= 4096 }

// pathMax is Linux's PATH_MAX: names that long are walked in pieces there.
const pathMax = 4096
