// Package proctest has test helpers about processes: reading a pid a child
// hands over through a FIFO, and waiting (without polling) for a process
// that is not our child to end.
package proctest

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// Patience bounds every wait of this package: far longer than anything
// takes under load, short enough for a hung test to fail rather than hang.
const Patience = 60 * time.Second

// FIFO makes a named pipe in a new temporary directory.
func FIFO(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// ReadLine opens the FIFO for reading (which waits for a writer), reads
// what the writer writes until it closes, and returns it trimmed. It fails
// the test after Patience.
func ReadLine(t *testing.T, fifo string) string {
	t.Helper()
	got := make(chan string, 1)
	go func() {
		b, _ := os.ReadFile(fifo)
		got <- strings.TrimSpace(string(b))
	}()
	select {
	case s := <-got:
		return s
	case <-time.After(Patience):
		t.Fatalf("nothing was written to %s", fifo)
		return ""
	}
}

// ReadPid is ReadLine parsed as a process id.
func ReadPid(t *testing.T, fifo string) int {
	t.Helper()
	s := ReadLine(t, fifo)
	pid, err := strconv.Atoi(s)
	if err != nil || pid <= 0 {
		t.Fatalf("not a pid: %q", s)
	}
	return pid
}

// WaitGone waits until process pid has terminated (a zombie counts as
// terminated: it runs nothing). It uses a pidfd, so it works for processes
// that are not our children, and wakes up exactly when the process ends.
func WaitGone(t *testing.T, pid int) {
	t.Helper()
	fd, err := unix.PidfdOpen(pid, 0)
	if err == unix.ESRCH {
		return
	}
	if err != nil {
		t.Fatalf("pidfd_open(%d): %v", pid, err)
	}
	defer unix.Close(fd)
	fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
	for {
		n, err := unix.Poll(fds, int(Patience.Milliseconds()))
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			t.Fatalf("poll pidfd %d: %v", pid, err)
		}
		if n == 0 {
			t.Fatalf("process %d is still running after %v: it was orphaned, not killed", pid, Patience)
		}
		return
	}
}
