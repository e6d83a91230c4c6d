//go:build !agentctl_lean

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/agentctl/agentctl/settings"
)

func trustCommand() *cli.Command {
	return &cli.Command{
		Name:      "trust",
		Usage:     "trust a workspace: let the hooks and classifier its settings name run (list, revoke)",
		ArgsUsage: "[DIR]",
		UsageText: `agentctl trust [DIR]          trust DIR (default: --cwd) and every directory below it
agentctl trust list           list the directories agentctl trusts
agentctl trust revoke DIR     stop trusting DIR

A workspace's project and local settings (.claude/settings.json, .claude/settings.local.json)
come with the code being worked on. The commands they name (hooks, agentctl.autoClassifier),
their env, and a defaultMode of bypassPermissions or auto apply only in a trusted workspace:
one recorded here, one Claude Code's trust dialog accepted (~/.claude.json), or any
workspace under --trust-workspace. check, explain and facts need --trust-workspace even
in a trusted workspace. The record is $XDG_CONFIG_HOME/agentctl/trusted.json (mode 0600).`,
		Flags:  withGlobals(),
		Action: trustAdd,
		Subcommands: []*cli.Command{
			{
				Name:   "list",
				Usage:  "list the directories agentctl trusts",
				Flags:  withGlobals(),
				Action: trustList,
			},
			{
				Name:      "revoke",
				Usage:     "stop trusting a directory",
				ArgsUsage: "DIR",
				Flags:     withGlobals(),
				Action:    trustRevoke,
			},
		},
	}
}

// trustStore opens agentctl's trust record.
func trustStore() (*settings.TrustStore, error) {
	path, err := settings.DefaultTrustStore()
	if err != nil {
		return nil, cli.Exit(err.Error(), exitError)
	}
	ts, err := settings.LoadTrustStore(path)
	if err != nil {
		return nil, cli.Exit(err.Error(), exitError)
	}
	return ts, nil
}

// trustDir is the directory a trust command names: absolute, cleaned and
// with symlinks resolved (the record holds the real directory).
func trustDir(c *cli.Context, arg string) (string, error) {
	if arg == "" {
		arg = flagString(c, "cwd")
	}
	abs, err := filepath.Abs(arg)
	if err != nil {
		return "", cli.Exit(err.Error(), exitError)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", cli.Exit(fmt.Sprintf("trust: %v", err), exitError)
	}
	if fi, err := os.Stat(real); err != nil || !fi.IsDir() {
		return "", cli.Exit(fmt.Sprintf("trust: %s is not a directory", arg), exitError)
	}
	return real, nil
}

func trustAdd(c *cli.Context) error {
	if c.NArg() > 1 {
		return cli.Exit("trust: expected at most one DIR (or list, revoke DIR)", exitError)
	}
	dir, err := trustDir(c, c.Args().First())
	if err != nil {
		return err
	}
	ts, err := trustStore()
	if err != nil {
		return err
	}
	if !ts.Add(dir, time.Now()) {
		fmt.Fprintf(c.App.Writer, "already trusted: %s\n", dir)
		return nil
	}
	if err := ts.Save(); err != nil {
		return cli.Exit(err.Error(), exitError)
	}
	fmt.Fprintf(c.App.Writer, "trusted: %s (and every directory below it; record %s)\n", dir, ts.Path)
	return nil
}

func trustList(c *cli.Context) error {
	ts, err := trustStore()
	if err != nil {
		return err
	}
	asJSON, err := jsonOutput(c)
	if err != nil {
		return err
	}
	if asJSON {
		entries := ts.Entries
		if entries == nil {
			entries = []settings.TrustEntry{}
		}
		return json.NewEncoder(c.App.Writer).Encode(entries)
	}
	for _, e := range ts.Entries {
		fmt.Fprintf(c.App.Writer, "%s  (since %s)\n", e.Path, e.Added.Format(time.RFC3339))
	}
	return nil
}

func trustRevoke(c *cli.Context) error {
	if c.NArg() != 1 {
		return cli.Exit("trust revoke: expected one DIR", exitError)
	}
	ts, err := trustStore()
	if err != nil {
		return err
	}
	dir, err := filepath.Abs(c.Args().First())
	if err != nil {
		return cli.Exit(err.Error(), exitError)
	}
	// The record holds resolved paths; a directory that is gone can
	// still be revoked by the path it was recorded under.
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	if !ts.Revoke(dir) {
		msg := fmt.Sprintf("trust revoke: agentctl has no record for %s", dir)
		if e, ok := ts.Covers(dir); ok {
			msg += fmt.Sprintf(" (it is trusted through %s: revoke that)", e.Path)
		}
		return cli.Exit(msg, exitError)
	}
	if err := ts.Save(); err != nil {
		return cli.Exit(err.Error(), exitError)
	}
	fmt.Fprintf(c.App.Writer, "revoked: %s\n", dir)
	if e, ok := ts.Covers(dir); ok {
		fmt.Fprintf(c.App.ErrWriter, "agentctl: warning: %s is still trusted through %s\n", dir, e.Path)
	}
	return nil
}
