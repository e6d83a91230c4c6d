// Package proc starts child processes in a process group of their own, so
// that cancelling one kills everything it started: no orphaned children of
// Bash commands, hooks, approvers or MCP servers.
package proc

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"syscall"
	"time"
)

// WaitDelay is how long Wait waits for a killed group's output pipes to
// close before giving up on them.
const WaitDelay = 2 * time.Second

// Command is exec.CommandContext with the child in a new process group;
// when ctx ends, the whole group is killed (SIGKILL to -pgid), not only the
// direct child.
func Command(ctx context.Context, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, name, args...)
	Group(cmd)
	return cmd
}

// Group puts cmd (made with exec.CommandContext, not yet started) in a new
// process group and makes its Cancel kill the whole group.
func Group(cmd *exec.Cmd) {
	Setpgid(cmd)
	cmd.Cancel = func() error { return KillGroup(cmd) }
	cmd.WaitDelay = WaitDelay
}

// Setpgid puts cmd (not yet started) in a new process group, for commands
// whose end someone else manages; KillGroup then ends what is left.
func Setpgid(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true
}

// KillGroup sends SIGKILL to the process group of a command started with
// Group. A group that is already gone is not an error.
func KillGroup(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return nil
	}
	err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	if errors.Is(err, syscall.ESRCH) {
		return nil
	}
	return err
}

// Shell is Command running script with the system shell, /bin/sh, as
// Claude Code runs hook commands: never an "sh" found through PATH,
// which a repository can lead (PATH=./node_modules/.bin:… is common),
// so that a hook or classifier the org's settings name is never run by
// a shell the repository planted. Off a system with /bin/sh, "sh" from
// PATH.
func Shell(ctx context.Context, script string) *exec.Cmd {
	return Command(ctx, systemShell(), "-c", script)
}

// systemShell is /bin/sh when it exists.
func systemShell() string {
	if _, err := os.Stat("/bin/sh"); err == nil {
		return "/bin/sh"
	}
	return "sh"
}
