//go:build agentctl_lean

package main

import "github.com/urfave/cli/v2"

// commandList is what the lean hook binary (agentctl-hook, built with the
// agentctl_lean tag and without OPA) runs: one hook event per process,
// where start-up time is the agent's wait. Anything that needs OPA is
// handed to the full binary (see delegate).
func commandList() []*cli.Command {
	return []*cli.Command{hookCommand(), versionCommand()}
}

// completerFor: the lean binary completes nothing of its own.
func completerFor(string) cli.BashCompleteFunc { return nil }
