package main

import (
	"os"
	"strconv"
	"syscall"
	"testing"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/tools/mcp/mcptest"
)

// asMainEnv makes the test binary run as agentctl itself (a real process for
// the signal and fault tests); fsizeEnv sets RLIMIT_FSIZE (bytes) first, a
// full disk for this process only.
const (
	asMainEnv = "AGENTCTL_TEST_AS_MAIN"
	fsizeEnv  = "AGENTCTL_TEST_FSIZE"
)

// TestMain lets the test binary double as a real MCP server (stdio) for the
// run tests, and as the agentctl binary. Unless AGENTCTL_EVALUATOR says
// otherwise, every decision of the tests (the decision corpora too) is
// made both ways, native and Rego: a difference fails closed.
func TestMain(m *testing.M) {
	if os.Getenv(engine.EvaluatorEnv) == "" {
		os.Setenv(engine.EvaluatorEnv, string(engine.EvalBoth))
	}
	mcptest.MaybeServe()
	if os.Getenv(asMainEnv) == "1" {
		if n, err := strconv.ParseUint(os.Getenv(fsizeEnv), 10, 64); err == nil {
			// Go ignores SIGXFSZ, so a write past the limit fails with EFBIG.
			if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: n, Max: n}); err != nil {
				panic(err)
			}
		}
		os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}
