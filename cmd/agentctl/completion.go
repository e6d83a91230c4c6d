//go:build !agentctl_lean

package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/agentctl/agentctl/toolspec"
)

const bashCompletion = `# agentctl bash completion: source <(agentctl completion bash)
_agentctl_complete() {
  local cur opts
  cur="${COMP_WORDS[COMP_CWORD]}"
  opts=$("${COMP_WORDS[0]}" "${COMP_WORDS[@]:1:$COMP_CWORD-1}" --generate-bash-completion 2>/dev/null)
  COMPREPLY=($(compgen -W "${opts}" -- "${cur}"))
}
complete -o default -F _agentctl_complete agentctl
`

const zshCompletion = `#compdef agentctl
# agentctl zsh completion: source <(agentctl completion zsh)
_agentctl() {
  local -a opts
  opts=("${(@f)$(${words[1]} ${words[@]:1:$CURRENT-2} --generate-bash-completion 2>/dev/null)}")
  _describe 'agentctl' opts
}
compdef _agentctl agentctl
`

const fishCompletion = `# agentctl fish completion: agentctl completion fish | source
complete -c agentctl -f -a '(agentctl (commandline -opc)[2..-1] --generate-bash-completion 2>/dev/null)'
`

func completionCommand() *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print a shell completion script",
		ArgsUsage: "bash|zsh|fish",
		UsageText: `agentctl completion bash|zsh|fish

Examples:
   source <(agentctl completion bash)
   agentctl completion fish | source`,
		Action: func(c *cli.Context) error {
			scripts := map[string]string{"bash": bashCompletion, "zsh": zshCompletion, "fish": fishCompletion}
			s, ok := scripts[c.Args().First()]
			if !ok {
				return cli.Exit(fmt.Sprintf("completion: expected bash, zsh or fish, got %q", c.Args().First()), exitError)
			}
			fmt.Fprint(c.App.Writer, s)
			return nil
		},
	}
}

// flagValues are the values completed after a flag that takes one of a set.
var flagValues = map[string][]string{
	"--permission-mode": {"default", "acceptEdits", "plan", "auto", "dontAsk", "bypassPermissions"},
	"--output":          {"text", "json"},
	"--agent":           {"claude", "gemini", "cursor"},
	"--commands":        {"core", "extended"},
	"--scope":           {"user", "project", "local", "managed"},
	"--unmatched":       {"ask", "defer"},
	"--ask-fallback":    {"deny", "defer"},
}

// completeToolCall completes the commands that take TOOL [INPUT]: the
// values of an enumerated flag just typed, else the built-in tool names as
// the first argument, else the command's flags.
func completeToolCall(c *cli.Context) {
	args := c.App.Metadata["args"].([]string)
	if n := len(args); n > 0 && args[n-1] == "--generate-bash-completion" {
		args = args[:n-1]
	}
	if n := len(args); n > 0 {
		if vs, ok := flagValues[args[n-1]]; ok {
			for _, v := range vs {
				fmt.Fprintln(c.App.Writer, v)
			}
			return
		}
	}
	if c.NArg() == 0 {
		for _, s := range toolspec.All() {
			fmt.Fprintln(c.App.Writer, s.Name)
		}
	}
	cli.DefaultCompleteWithFlags(c.Command)(c)
}
