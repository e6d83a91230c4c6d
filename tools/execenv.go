package tools

import "context"

// ExecEnv is where the shell stands when it executes a command: its current
// directory (after any cd) and the variables it passes that name programs
// (GIT_PAGER, EDITOR, …), so the exec-time check decides what really runs.
type ExecEnv struct {
	Dir string
	// Assigns are NAME=VALUE pairs of program-naming variables in the
	// command's environment.
	Assigns []string
}

type execEnvKey struct{}

// WithExecEnv returns ctx carrying the shell's state for a CommandChecker.
func WithExecEnv(ctx context.Context, e ExecEnv) context.Context {
	return context.WithValue(ctx, execEnvKey{}, e)
}

// ExecEnvFrom returns the shell state a CommandChecker was called with
// (ok is false outside the Bash tool's interpreter).
func ExecEnvFrom(ctx context.Context) (ExecEnv, bool) {
	e, ok := ctx.Value(execEnvKey{}).(ExecEnv)
	return e, ok
}
