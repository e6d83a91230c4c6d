//go:build !linux

package engine

import "path/filepath"

// evalSymlinks is filepath.EvalSymlinks (see resolve_linux.go for the
// Linux fast path). Nothing is cached.
func evalSymlinks(p string) (string, error) { return filepath.EvalSymlinks(p) }
