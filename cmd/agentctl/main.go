// Command agentctl is a policy-as-code permission engine for AI coding agents.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/urfave/cli/v2"
)

// Exit codes, documented in --help and the README.
const (
	exitOK    = 0
	exitError = 1
	exitDeny  = 2
	exitAsk   = 3
)

func main() {
	os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
}

// run is main without the process: tests call it with their own streams.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := newApp(stdin, stdout, stderr)
	app.Metadata = map[string]any{"args": args} // completion looks at the words typed so far
	err := app.Run(interspersed(args))
	if err == nil {
		return exitOK
	}
	var ec cli.ExitCoder
	if errors.As(err, &ec) {
		if msg := err.Error(); msg != "" {
			fmt.Fprintln(stderr, "agentctl:", msg)
		}
		return ec.ExitCode()
	}
	fmt.Fprintln(stderr, "agentctl:", err)
	return exitError
}

func newApp(stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	app := &cli.App{
		Name:  "agentctl",
		Usage: "decide, run and explain AI coding agents' tool calls under organisation policy",
		Description: `agentctl reads Claude Code settings files (managed, user, project, local, --settings,
CLI flags), compiles them with custom org Rego into an OPA bundle, and decides each
tool call: allow, ask or deny.

Exit codes:
   0  success (check: allow)
   1  error: bad settings (a named managed file must exist), bad input, policy or
      internal failure; settings validate --strict with any warning
   2  check: deny
   3  check: ask
   hook: 0 with the agent's answer on stdout, or 2 (block, reason on stderr) —
      never 1, which Claude Code and Gemini CLI treat as "go ahead"
   130, 143  run: interrupted by SIGINT, SIGTERM (transcript and result line still written)
   141  run: stdout closed by its reader`,
		Flags:                globalFlags(),
		Reader:               stdin,
		Writer:               stdout,
		ErrWriter:            stderr,
		EnableBashCompletion: true,
		ExitErrHandler:       func(*cli.Context, error) {},
		Commands:             commandList(),

		Version:      buildVersion(),
		Suggest:      true,
		OnUsageError: rootUsageError,
		Action:       unknownCommand,
	}
	withUsageErrors(app.Commands)
	return app
}
