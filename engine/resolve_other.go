//go:build !linux

package engine

import "path/filepath"

// evalSymlinks is filepath.EvalSymlinks (see resolve_linux.go for the
// Linux fast path). Nothing is cached.
func evalSymlinks(p string) (string, error) { return filepath.EvalSymlinks(p) }

// plainPath reports a path known to resolve to itself; without a one-call
// check every path is resolved the slow way.
func plainPath(string) plainness { return notPlain }
