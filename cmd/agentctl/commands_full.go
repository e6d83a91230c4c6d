//go:build !agentctl_lean

package main

import "github.com/urfave/cli/v2"

// commandList is every command of the full binary.
func commandList() []*cli.Command {
	return []*cli.Command{
		settingsCommand(),
		checkCommand(),
		explainCommand(),
		factsCommand(),
		bundleCommand(),
		runCommand(),
		toolsCommand(),
		trustCommand(),
		hookCommand(),
		hooksCommand(),
		doctorCommand(),
		testCommand(),
		replayCommand(),
		diffCommand(),
		suggestCommand(),
		completionCommand(),
		versionCommand(),
	}
}

// completerFor is the shell completion of a command's arguments (nil: the
// default).
func completerFor(command string) cli.BashCompleteFunc {
	switch command {
	case "check", "explain", "facts":
		return completeToolCall
	}
	return nil
}
