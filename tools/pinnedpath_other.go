//go:build !linux

package tools

import "os"

// openNoSymlinks opens path as it finds it: only Linux refuses, at the
// open, a link that has appeared on the way (openat2).
func openNoSymlinks(path string, flag int, perm os.FileMode) (*os.File, error) {
	return os.OpenFile(path, flag, perm)
}
