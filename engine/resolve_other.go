//go:build !linux

package engine

import "path/filepath"

// evalSymlinks is filepath.EvalSymlinks (see resolve_linux.go for the
// Linux fast path). Nothing is cached.
func evalSymlinks(p string) (string, error) { return filepath.EvalSymlinks(p) }

// plainPath reports a path known to resolve to itself; without a one-call
// check every path is resolved the slow way.
func plainPath(string) plainness { return notPlain }

// baseDir is never opened without a one-call check: every path is
// checked from the root (see resolve_linux.go).
type baseDir struct{}

func (*baseDir) opened() bool                      { return false }
func (*baseDir) open(string) bool                  { return false }
func (*baseDir) plainAt(string) (plainness, int64) { return notPlain, -1 }
func (*baseDir) close()                            {}
