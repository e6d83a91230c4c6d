package tools

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"syscall"
	"time"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"

	"github.com/agentctl/agentctl/internal/proc"
)

// groupExec is the Bash tool's exec handler: interp.DefaultExecHandler's
// behaviour, except that every external command runs in a process group of
// its own, and a cancelled call (a timeout, a failing sibling, an
// interrupted run) kills the whole group — nothing a command started
// survives it.
func groupExec(ctx context.Context, args []string) error {
	hc := interp.HandlerCtx(ctx)
	path, err := interp.LookPathDir(hc.Dir, hc.Env, args[0])
	if err != nil {
		fmt.Fprintln(hc.Stderr, err)
		return interp.ExitStatus(127)
	}
	newCmd := func(path string, args []string) *exec.Cmd {
		cmd := proc.Command(ctx, path)
		cmd.Args = args
		cmd.Env = execEnv(hc.Env)
		cmd.Dir = hc.Dir
		cmd.Stdin, cmd.Stdout, cmd.Stderr = hc.Stdin, hc.Stdout, hc.Stderr
		return cmd
	}
	cmd := newCmd(path, args)
	err = cmd.Start()
	// A concurrently forked process may briefly hold the file open for
	// writing (go.dev/issue/22315): retry with backoff, as interp does.
	for delay := time.Millisecond; errors.Is(err, syscall.ETXTBSY) && delay < 300*time.Millisecond; delay *= 2 {
		time.Sleep(delay)
		cmd = newCmd(path, args)
		err = cmd.Start()
	}
	if errors.Is(err, syscall.ENOEXEC) {
		// A script without a #! line: run it with sh, as shells do.
		cmd = newCmd("/bin/sh", append([]string{"sh", path}, args[1:]...))
		cmd.Path = "/bin/sh"
		err = cmd.Start()
	}
	if err == nil {
		err = cmd.Wait()
	}
	var exit *exec.ExitError
	var notStarted *exec.Error
	switch {
	case err == nil, errors.Is(err, exec.ErrWaitDelay):
		// WaitDelay with success: an orphaned descendant kept the pipes;
		// it has been killed with the group.
		return nil
	case errors.As(err, &exit):
		if st, ok := exit.Sys().(syscall.WaitStatus); ok && st.Signaled() {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return interp.ExitStatus(128 + uint8(st.Signal()))
		}
		return interp.ExitStatus(exit.ExitCode())
	case errors.As(err, &notStarted):
		fmt.Fprintf(hc.Stderr, "%v\n", err)
		return interp.ExitStatus(127)
	}
	return err
}

// execEnv is the exported environment of the interpreter, built the way
// interp builds it: a variable unset in the runner removes the inherited one.
func execEnv(env expand.Environ) []string {
	list := make([]string, 0, 64)
	for name, vr := range env.Each {
		if !vr.IsSet() {
			for i, kv := range list {
				if strings.HasPrefix(kv, name+"=") {
					list[i] = ""
				}
			}
		}
		if vr.Exported && vr.Kind == expand.String {
			list = append(list, name+"="+vr.String())
		}
	}
	return list
}
