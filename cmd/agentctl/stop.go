//go:build !agentctl_lean

package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/agentctl/agentctl/pipeline"
)

// Exit codes of a run that was stopped from outside (128 + the signal, as
// shells report them).
const (
	exitSIGINT       = 130
	exitSIGTERM      = 143
	exitStdoutClosed = 141 // as if killed by SIGPIPE
)

// interruption is the cause of a run ended from outside: SIGINT, SIGTERM,
// or a closed stdout. Its exit code is 128 + the signal.
type interruption struct {
	what string
	code int
}

func (i *interruption) Error() string { return "interrupted by " + i.what }

// stopper ends a run early and says why: a signal, a closed stdout
// (interruptions, exit 130/143/141), or a fatal error such as a transcript
// or decision log that cannot be written (exit 1). The first cause wins.
// Safe for concurrent use.
type stopper struct {
	ctx     context.Context
	cancel  context.CancelCauseFunc
	signals chan os.Signal
	quit    chan struct{}
	wake    [2]int // a pipe that ends the stdout watcher
}

// newStopper starts listening for SIGINT and SIGTERM (after the first, the
// default action is back: a second Ctrl-C kills at once) and for SIGPIPE
// (so that a write to a closed stdout fails with EPIPE instead of killing
// the process before the transcript is finished). When stdout is a pipe or
// a socket, a watcher notices its reader going away even while no line is
// being written, so the running tools are cancelled at once.
func newStopper(stdout any) *stopper {
	s := &stopper{signals: make(chan os.Signal, 4), quit: make(chan struct{}), wake: [2]int{-1, -1}}
	s.ctx, s.cancel = context.WithCancelCause(context.Background())
	signal.Notify(s.signals, syscall.SIGINT, syscall.SIGTERM, syscall.SIGPIPE)
	go func() {
		for {
			select {
			case <-s.quit:
				return
			case sig := <-s.signals:
				switch sig {
				case syscall.SIGINT:
					signal.Reset(syscall.SIGINT, syscall.SIGTERM)
					s.cancel(&interruption{"SIGINT", exitSIGINT})
				case syscall.SIGTERM:
					signal.Reset(syscall.SIGINT, syscall.SIGTERM)
					s.cancel(&interruption{"SIGTERM", exitSIGTERM})
				}
				// SIGPIPE: the failed write reports it.
			}
		}
	}()
	if f, ok := stdout.(*os.File); ok && isPipeOrSocket(f) {
		s.watch(int(f.Fd()))
	}
	return s
}

func isPipeOrSocket(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&(os.ModeNamedPipe|os.ModeSocket) != 0
}

// watch polls fd for POLLERR/POLLHUP (the reader closed it) until release.
func (s *stopper) watch(fd int) {
	var p [2]int
	if err := unix.Pipe2(p[:], unix.O_CLOEXEC); err != nil {
		return
	}
	s.wake = p
	go func() {
		defer unix.Close(p[0])
		fds := []unix.PollFd{{Fd: int32(fd)}, {Fd: int32(p[0]), Events: unix.POLLIN}}
		for {
			_, err := unix.Poll(fds, -1)
			if err == unix.EINTR {
				continue
			}
			if err == nil && fds[1].Revents == 0 && fds[0].Revents&(unix.POLLERR|unix.POLLHUP) != 0 {
				s.stdoutClosed()
			}
			return
		}
	}()
}

// stdoutClosed stops the run because nobody reads its output any more.
func (s *stopper) stdoutClosed() {
	s.cancel(&interruption{"a closed stdout", exitStdoutClosed})
}

// fail stops the run with a fatal error.
func (s *stopper) fail(err error) { s.cancel(err) }

// release stops listening; signals have their default action again.
func (s *stopper) release() {
	signal.Stop(s.signals)
	close(s.quit)
	if s.wake[1] >= 0 {
		unix.Write(s.wake[1], []byte{0})
		unix.Close(s.wake[1]) // the watcher wakes up, returns and closes its end
	}
	s.cancel(nil)
}

// Is makes an interruption match pipeline.ErrInterrupted: the session's
// result line then says is_interrupt.
func (i *interruption) Is(target error) bool { return target == pipeline.ErrInterrupted }
