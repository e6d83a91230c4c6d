package pipeline

import (
	"context"
	"errors"
	"os/exec"
)

// hookExit is how a hook's own process ended, read from its ProcessState
// rather than from the error Run returned. The two differ when the hook
// leaves a child holding its stdout or stderr open (a logger or daemon
// started with "&" that inherits the pipes): Run then waits for the pipes,
// and returns exec.ErrWaitDelay, or outlives the hook's timeout, although
// the hook itself had long exited with its answer. Read from Run's error
// alone, a hook that printed a deny, or exited 2, would be a failure or a
// timeout — a non-blocking error — and the call it refused would run.
type hookExit struct {
	// ended: the hook's process exited by itself (not killed by the
	// timeout or a cancelled run); code is then its exit status.
	ended bool
	code  int
	// heldOpen: it ended, but something it started kept its output open
	// past its end, so what was read of its stdout may be incomplete or
	// carry another process's writes.
	heldOpen bool
}

// exitOf reads how cmd, just run with ctx, ended; err is what Run returned.
func exitOf(ctx context.Context, cmd *exec.Cmd, err error) hookExit {
	ps := cmd.ProcessState
	if ps == nil || !ps.Exited() {
		return hookExit{}
	}
	return hookExit{ended: true, code: ps.ExitCode(),
		heldOpen: errors.Is(err, exec.ErrWaitDelay) || ctx.Err() != nil}
}

// heldOpenAnswer is the answer of a hook that exited 0 while a child kept
// its output open: its deny and ask count, as a deny hook must not be lost
// to a background process, but not its allow or updatedInput, which may be
// cut short or mixed with the child's writes.
func heldOpenAnswer(o HookOutcome, name string) HookOutcome {
	if o.Decision == "allow" {
		o.Decision, o.Reason = "", ""
	}
	o.UpdatedInput = nil
	o.unsure = true
	o.Errors = append(o.Errors, name+" exited, but a process it started kept its output open: only its deny or ask counts")
	return o
}
