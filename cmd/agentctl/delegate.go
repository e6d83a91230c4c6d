package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/agentctl/agentctl/agenthook"
	"github.com/agentctl/agentctl/engine"
)

// FullBinaryEnv names the full agentctl binary the lean hook binary hands
// events to when their policy needs OPA (default: "agentctl" beside the
// lean binary). PATH is never searched: the agent applies a repository's
// settings env (PATH included) to the hooks it runs, so a PATH lookup
// could hand the decision to the repository's own ./bin/agentctl.
const FullBinaryEnv = "AGENTCTL_FULL_BIN"

// delegate answers an event whose policy this build cannot evaluate (see
// engine.ErrNeedsOPA) by running the full binary on the same arguments
// and event. Its answer passes through as it is; a binary that cannot be
// found or that fails outside the protocol's own codes blocks.
func delegate(ev *agenthook.Event, raw []byte) agenthook.Answer {
	full, err := fullBinary()
	if err != nil {
		return agenthook.Fail(ev.Agent, ev.Name, err)
	}
	cmd := exec.Command(full, os.Args[1:]...)
	cmd.Stdin = bytes.NewReader(raw)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	code := cmd.ProcessState.ExitCode()
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) || code != 0 && code != 2 {
		return agenthook.Fail(ev.Agent, ev.Name, fmt.Errorf("%s: exit %d: %v %s", full, code, err, errOut.String()))
	}
	return agenthook.Answer{Stdout: out.Bytes(), Stderr: errOut.String(), Code: code}
}

// fullBinary finds an agentctl that is not this binary.
func fullBinary() (string, error) {
	self, _ := os.Executable()
	same := func(p string) bool {
		a, errA := os.Stat(p)
		b, errB := os.Stat(self)
		return errA == nil && errB == nil && os.SameFile(a, b)
	}
	var tried []string
	candidates := []string{os.Getenv(FullBinaryEnv)}
	if self != "" {
		candidates = append(candidates, filepath.Join(filepath.Dir(self), "agentctl"))
	}
	for _, p := range candidates {
		if p == "" {
			continue
		}
		tried = append(tried, p)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() && !same(p) {
			return p, nil
		}
	}
	return "", fmt.Errorf("%w; no full agentctl binary found (tried %v; set %s)", engine.ErrNeedsOPA, tried, FullBinaryEnv)
}
