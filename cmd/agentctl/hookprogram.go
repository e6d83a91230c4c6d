//go:build !agentctl_lean

package main

import (
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
)

// installedProgram is the absolute path of the program a hook install
// writes for --command. A program the agent cannot start is a hook that
// fails with sh's 127, which Claude Code and Gemini CLI take for a
// non-blocking error: every call would go ahead undecided. So the program
// must be an executable file now. A bare name is what the shell would find
// on PATH, never a file of the directory install ran in: made absolute
// against the cwd, `--command agentctl` inside a repository named the
// repository's own ./agentctl, which the repository can supply.
func installedProgram(prog string) (string, error) {
	if !strings.Contains(prog, "/") {
		found, err := exec.LookPath(prog)
		if errors.Is(err, exec.ErrDot) {
			return "", fmt.Errorf("--command %s: found only through a relative PATH entry (%s): give an absolute path", prog, found)
		}
		if err != nil {
			return "", fmt.Errorf("--command %s: not found on PATH: %w", prog, err)
		}
		prog = found
	}
	abs, err := filepath.Abs(prog)
	if err != nil {
		return "", fmt.Errorf("--command %s: %w", prog, err)
	}
	if !isExecutable(abs) {
		return "", fmt.Errorf("--command %s: not an executable file: the agent would run nothing and let every call through", abs)
	}
	return abs, nil
}
