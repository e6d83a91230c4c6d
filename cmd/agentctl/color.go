//go:build !agentctl_lean

package main

import (
	"os"

	"github.com/urfave/cli/v2"
)

// useColor honours --no-color and NO_COLOR, and colours only terminals.
func useColor(c *cli.Context) bool {
	if flagBool(c, "no-color") || os.Getenv("NO_COLOR") != "" {
		return false
	}
	f, ok := c.App.Writer.(*os.File)
	return ok && isTerminal(f)
}
