package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"github.com/agentctl/agentctl/settings"
)

func settingsCommand() *cli.Command {
	return &cli.Command{
		Name:  "settings",
		Usage: "show or validate the effective settings",
		Subcommands: []*cli.Command{
			{
				Name:  "show",
				Usage: "print the effective settings with the provenance of every rule",
				UsageText: `agentctl settings show [--cwd DIR] [--output json]

Examples:
   agentctl settings show --cwd fixtures/projects/demo
   agentctl --managed-settings fixtures/managed/managed-settings.json settings show --output json`,
				Flags:  withGlobals(),
				Action: settingsShow,
			},
			{
				Name:  "validate",
				Usage: "validate settings files (or every source) and print errors and warnings",
				UsageText: `agentctl settings validate [FILE…] [--strict]

Exit code: 1 when a file is invalid (with --strict: also on any warning).

Examples:
   agentctl settings validate .claude/settings.json
   agentctl settings validate --strict --cwd fixtures/projects/demo`,
				Flags:  withGlobals(&cli.BoolFlag{Name: "strict", Usage: "exit 1 on any warning (unknown keys, rules never consulted, dropped settings)"}),
				Action: settingsValidate,
			},
		},
	}
}

func settingsShow(c *cli.Context) error {
	s, err := loadSettings(c)
	if err != nil {
		return err
	}
	asJSON, err := jsonOutput(c)
	if err != nil {
		return err
	}
	if asJSON {
		enc := json.NewEncoder(c.App.Writer)
		enc.SetIndent("", "  ")
		return enc.Encode(s)
	}
	printSettings(c.App.Writer, s)
	return nil
}

// printSettings writes the text form: one line per rule with its provenance.
func printSettings(w io.Writer, s *settings.Settings) {
	fmt.Fprintf(w, "cwd: %s\n", s.Cwd)
	fmt.Fprintf(w, "mode: %s (%s)\n", s.Mode.Value, s.ModeSource())
	fmt.Fprintln(w, "files:")
	for _, f := range s.Files {
		fmt.Fprintf(w, "  %s %s\n", f.Source, f.Display)
	}
	fmt.Fprintln(w, "rules:")
	for _, b := range []settings.Behavior{settings.Deny, settings.Ask, settings.Allow} {
		for _, r := range s.Rules {
			if r.Behavior != b {
				continue
			}
			line := r.String()
			if r.Ignored != "" {
				line += "  (ignored: " + r.Ignored + ")"
			}
			fmt.Fprintf(w, "  %s\n", line)
		}
	}
	fmt.Fprintln(w, "working directories:")
	fmt.Fprintf(w, "  %s (cwd)\n", s.Cwd)
	for _, d := range s.AdditionalDirectories {
		fmt.Fprintf(w, "  %s (%s %s)\n", d.Path, d.Source, d.Pos)
	}
	if len(s.Hooks)+len(s.SkippedHooks) > 0 {
		fmt.Fprintln(w, "hooks:")
		for _, h := range s.Hooks {
			fmt.Fprintf(w, "  %s %s %s %q\n", h.Source, h.Pos, h.Event+"["+h.Matcher+"]", h.Command)
		}
	}
	for _, h := range s.SkippedHooks {
		fmt.Fprintf(w, "  %s %s %s %q  (skipped: %s)\n", h.Source, h.Pos, h.Event+"["+h.Matcher+"]", h.Command, h.Skipped)
	}
	trust := "not trusted"
	if s.Trust.Trusted {
		trust = "trusted"
	}
	fmt.Fprintf(w, "workspace: %s (%s)\n", trust, s.Trust.By)
	if s.AllowManagedPermissionRulesOnly || s.AllowManagedHooksOnly || s.DisableBypassPermissionsMode {
		fmt.Fprintf(w, "managed: allowManagedPermissionRulesOnly=%v allowManagedHooksOnly=%v disableBypassPermissionsMode=%v\n",
			s.AllowManagedPermissionRulesOnly, s.AllowManagedHooksOnly, s.DisableBypassPermissionsMode)
	}
	if len(s.Warnings) > 0 {
		fmt.Fprintln(w, "warnings:")
		for _, wn := range s.Warnings {
			fmt.Fprintf(w, "  %s\n", wn)
		}
	}
}

func settingsValidate(c *cli.Context) error {
	w := c.App.Writer
	if c.NArg() == 0 {
		s, err := settings.Load(settingsOptions(c))
		if err != nil {
			fmt.Fprintln(w, err)
			return cli.Exit("", exitError)
		}
		for _, wn := range s.Warnings {
			fmt.Fprintln(w, wn)
		}
		fmt.Fprintf(w, "ok: %d files, %d rules, %d warnings\n", len(s.Files), len(s.Rules), len(s.Warnings))
		return strictExit(c, len(s.Warnings))
	}
	failed, warned := false, 0
	for _, path := range c.Args().Slice() {
		data, err := os.ReadFile(path)
		if err != nil {
			fmt.Fprintf(w, "%s: %v\n", path, errors.Unwrap(err))
			failed = true
			continue
		}
		warnings, err := settings.Validate(filepath.Clean(path), data)
		warned += len(warnings)
		for _, wn := range warnings {
			fmt.Fprintln(w, wn)
		}
		if err != nil {
			fmt.Fprintln(w, err)
			failed = true
			continue
		}
		fmt.Fprintf(w, "%s: ok\n", path)
	}
	if failed {
		return cli.Exit("", exitError)
	}
	return strictExit(c, warned)
}

// strictExit fails settings validate --strict when there was any warning.
func strictExit(c *cli.Context, warnings int) error {
	if c.Bool("strict") && warnings > 0 {
		return cli.Exit(fmt.Sprintf("settings validate --strict: %d warning(s)", warnings), exitError)
	}
	return nil
}
