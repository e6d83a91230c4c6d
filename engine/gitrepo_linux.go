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
	errno, ok := faccessat(p, 0) // F_OK
	return ok && (errno == syscall.ENOENT || errno == syscall.ENOTDIR)
}

// gitSearchable is access(p, X_OK), as git asks of objects and refs.
func gitSearchable(p []byte) bool {
	errno, ok := faccessat(p, 1) // X_OK
	if !ok {
		return syscall.Access(string(p), 1) == nil
	}
	return errno == 0
}

// faccessat is faccessat(AT_FDCWD, p, mode) on a NUL-terminated copy of p
// in a stack buffer (ok false: p is too long for it).
func faccessat(p []byte, mode uintptr) (syscall.Errno, bool) {
	var buf [512]byte
	if len(p) >= len(buf) {
		return 0, false
	}
	copy(buf[:], p)
	buf[len(p)] = 0
	const atFDCWD = -100
	fd := atFDCWD
	_, _, errno := syscall.Syscall6(syscall.SYS_FACCESSAT, uintptr(fd), uintptr(unsafe.Pointer(&buf[0])), mode, 0, 0, 0)
	return errno, true
}
