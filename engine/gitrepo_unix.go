//go:build unix

package engine

import (
	"os"
	"syscall"
)

// openNoBlock opens p for reading without blocking on a FIFO (a hostile
// repository can put one where its config should be).
func openNoBlock(p string) (*os.File, error) {
	return os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
