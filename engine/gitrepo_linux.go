//go:build linux

package engine

import (
	"syscall"
	"unsafe"
)

// gitNameMissing reports that p certainly does not exist, without an
// allocation: the walk up to a repository asks this of every directory's
// .git, most of which are missing (faccessat, F_OK, on a NUL-terminated
// copy in a stack buffer). Any other answer sends the caller to statGit.
func gitNameMissing(p []byte) bool {
	var buf [512]byte
	if len(p) >= len(buf) {
		return false
	}
	copy(buf[:], p)
	buf[len(p)] = 0
	const atFDCWD = -100
	fd := atFDCWD
	_, _, errno := syscall.Syscall6(syscall.SYS_FACCESSAT, uintptr(fd), uintptr(unsafe.Pointer(&buf[0])), 0, 0, 0, 0)
	return errno == syscall.ENOENT || errno == syscall.ENOTDIR
}
