package main

import (
	"os"
	"strconv"
	"syscall"
	"testing"

	"github.com/agentctl/agentctl/agenthook"
	"github.com/agentctl/agentctl/engine"
	"github.com/rogpeppe/go-internal/testscript"

	"github.com/agentctl/agentctl/tools/mcp/mcptest"
)

// asMainEnv makes the test binary run as agentctl itself (a real process for
// the signal and fault tests); fsizeEnv sets RLIMIT_FSIZE (bytes) first, a
// full disk for this process only.
const (
	asMainEnv = "AGENTCTL_TEST_AS_MAIN"
	fsizeEnv  = "AGENTCTL_TEST_FSIZE"
	// hookPanicEnv makes the hook's decider panic (a fault injected into a
	// real process).
	hookPanicEnv = "AGENTCTL_TEST_HOOK_PANIC"
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
	if os.Getenv(hookPanicEnv) == "1" {
		hookDecider = func(*engine.Engine) agenthook.Decider { return panicking{} }
	}
	if os.Getenv(asMainEnv) == "1" {
		if n, err := strconv.ParseUint(os.Getenv(fsizeEnv), 10, 64); err == nil {
			// Go ignores SIGXFSZ, so a write past the limit fails with EFBIG.
			if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: n, Max: n}); err != nil {
				panic(err)
			}
		}
		os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
	}
	testscript.Main(m, map[string]func(){
		"agentctl": func() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the CLI scripts in testdata/script: each lays out its own
// project, managed settings and home, so none depends on checked-in
// fixtures or on what the machine has. -update rewrites their expected
// output.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: *update,
		Setup: func(env *testscript.Env) error {
			home := env.WorkDir + "/home"
			env.Setenv("HOME", home)
			env.Setenv("CLAUDE_CONFIG_DIR", home+"/.claude")
			env.Setenv("AGENTCTL_MANAGED_SETTINGS", env.WorkDir+"/managed.json")
			env.Setenv("NO_COLOR", "1")
			return os.MkdirAll(home, 0o755)
		},
	})
}
