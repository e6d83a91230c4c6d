package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/agentctl/agentctl/agenthook"
)

// rootUsageError answers a usage error of the global flags. When the
// command line runs `hook` (agentctl --managed-setings FILE hook --agent
// claude: a global flag mistyped, or one a newer install wrote and this
// binary does not know), urfave/cli stops before the hook command and
// its own fail-closed handler: the process exited 1, which Claude Code
// and Gemini CLI take for a non-blocking error, so every call of the
// session ran undecided. It blocks in the agent's own terms instead, as
// the hook command's usage errors do.
func rootUsageError(c *cli.Context, err error, isSubcommand bool) error {
	args, _ := c.App.Metadata["args"].([]string)
	if args == nil {
		args = os.Args
	}
	if !runsHook(c.App, args) {
		return usageError(c, err, isSubcommand)
	}
	agent, _ := agenthook.ParseAgent(agentArg(args))
	return writeHookAnswer(c, agenthook.Fail(agent, "", fmt.Errorf("usage: %w", err)))
}

// runsHook reports whether args name the hook command: the first word
// that is neither a flag nor a command of app's is taken for a flag's
// value, and the first command word decides.
func runsHook(app *cli.App, args []string) bool {
	for _, a := range args[1:] {
		if a == "--" {
			return false
		}
		if strings.HasPrefix(a, "-") {
			continue
		}
		if cmd := app.Command(a); cmd != nil {
			return cmd.Name == "hook"
		}
	}
	return false
}
