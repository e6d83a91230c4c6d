package main

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/urfave/cli/v2"
)

// buildVersion is the module version and the commit the binary was built
// from (when the build recorded it).
func buildVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, dirty string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if rev != "" {
		v += " commit " + rev + dirty
	}
	return v + " " + bi.GoVersion
}

func versionCommand() *cli.Command {
	return &cli.Command{
		Name:      "version",
		Usage:     "print agentctl's version and the commit it was built from",
		UsageText: "agentctl version   (also: agentctl --version)",
		Action: func(c *cli.Context) error {
			fmt.Fprintf(c.App.Writer, "agentctl %s\n", c.App.Version)
			return nil
		},
	}
}

// usageError makes every usage mistake a short message on stderr with a
// did-you-mean, and exit 1 — never 2 or 3, which mean deny and ask.
func usageError(c *cli.Context, err error, _ bool) error {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok && cli.SuggestFlag != nil {
		var flags []cli.Flag
		if c.Command != nil && c.Command.Name != "" {
			flags = c.Command.Flags
		} else {
			flags = c.App.Flags
		}
		if s := cli.SuggestFlag(flags, strings.TrimLeft(name, "-"), false); s != "" {
			msg += fmt.Sprintf(" (did you mean %s?)", s)
		}
	}
	where, prefix := "agentctl", ""
	if c.Command != nil && c.Command.Name != "" {
		where = c.Command.HelpName
		prefix = strings.TrimPrefix(where, "agentctl ") + ": "
	}
	return cli.Exit(fmt.Sprintf("%s%s\nRun '%s --help' for usage.", prefix, msg, where), exitError)
}

// unknownCommand answers a first argument that names no command.
func unknownCommand(c *cli.Context) error {
	if c.NArg() == 0 {
		return cli.ShowAppHelp(c)
	}
	name := c.Args().First()
	msg := fmt.Sprintf("unknown command %q", name)
	if cli.SuggestCommand != nil {
		if s := cli.SuggestCommand(c.App.Commands, name); s != "" {
			msg += ". " + s
		}
	}
	return cli.Exit(msg+"\nRun 'agentctl --help' for the commands.", exitError)
}

// withUsageErrors sets the short usage-error handler on every command, and
// makes an unknown subcommand an error (urfave's default is help's exit 3,
// which means "ask" here).
func withUsageErrors(cmds []*cli.Command) {
	for _, c := range cmds {
		if f := completerFor(c.Name); f != nil {
			c.BashComplete = f
		}
		if c.OnUsageError == nil { // agentctl hook answers usage errors in its agent's fail-closed form
			c.OnUsageError = usageError
		}
		if len(c.Subcommands) > 0 && c.Action == nil {
			c.Action = unknownSubcommand
		}
		withUsageErrors(c.Subcommands)
	}
}

func unknownSubcommand(c *cli.Context) error {
	if c.NArg() == 0 {
		return cli.ShowSubcommandHelp(c)
	}
	name := c.Args().First()
	msg := fmt.Sprintf("%s: unknown command %q", c.Command.Name, name)
	if cli.SuggestCommand != nil {
		if s := cli.SuggestCommand(c.Command.Subcommands, name); s != "" {
			msg += ". " + s
		}
	}
	return cli.Exit(msg+"\nRun '"+c.Command.HelpName+" --help' for its commands.", exitError)
}
