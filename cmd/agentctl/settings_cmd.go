//go:build !agentctl_lean

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"github.com/agentctl/agentctl/engine"
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
				Usage: "validate settings files (or every source), and the --policy modules, and print errors and warnings",
				UsageText: `agentctl settings validate [FILE…] [--strict] [--schema SCHEMA.json] [--policy DIR]

With --schema, every file is also checked against that JSON Schema — a copy of the public
Claude Code settings schema (https://json.schemastore.org/claude-code-settings.json, which
real files name in $schema): what it flags are warnings, each at its file:line:col.

With --policy, the custom org modules in DIR are compiled too, type-checked
against the policy input's JSON Schema (rego/schemas/input.json): a field
the input does not have, or a comparison of values of different types, is
an error at the module's file:line.

Exit code: 1 when a file is invalid (with --strict: also on any warning).

Examples:
   agentctl settings validate .claude/settings.json
   agentctl settings validate --strict --cwd fixtures/projects/demo
   agentctl settings validate --schema claude-code-settings.json .claude/settings.json
   agentctl settings validate --policy fixtures/policies/org`,
				Flags: withGlobals(&cli.BoolFlag{Name: "strict", Usage: "exit 1 on any warning (unknown keys, rules never consulted, dropped settings)"},
					&cli.StringFlag{Name: "schema", Usage: "also check every file against the JSON Schema in `FILE` (warnings)"}),
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

// validation is settings validate's result for one file (or, without file
// arguments, for the effective settings), as --output json prints it.
type validation struct {
	Path     string   `json:"path"`
	OK       bool     `json:"ok"`
	Error    string   `json:"error,omitempty"`
	Warnings []string `json:"warnings"`
	Rules    int      `json:"rules,omitempty"`
	// sources counts the files behind the effective settings (text output).
	sources int
	// effective marks the result for the effective settings.
	effective bool
}

func settingsValidate(c *cli.Context) error {
	asJSON, err := jsonOutput(c)
	if err != nil {
		return err
	}
	var schema *settings.Schema
	if p := c.String("schema"); p != "" {
		if schema, err = settings.LoadSchema(p); err != nil {
			return cli.Exit("--schema: "+err.Error(), exitError)
		}
		for _, pat := range schema.Unchecked {
			fmt.Fprintf(c.App.ErrWriter, "agentctl: --schema: pattern %q is not Go regexp syntax: not checked\n", pat)
		}
	}
	var results []validation
	if c.NArg() == 0 {
		v := validation{Path: "(effective settings)", Warnings: []string{}, effective: true}
		s, err := settings.Load(settingsOptions(c))
		if err == nil {
			// The rules as the engine compiles them: a path pattern no
			// matcher can compile is an error here, not at the first call.
			_, err = engine.Build(s, "")
		}
		if err != nil {
			v.Error = err.Error()
		} else {
			v.OK, v.Rules, v.sources = true, len(s.Rules), len(s.Files)
			for _, wn := range s.Warnings {
				v.Warnings = append(v.Warnings, fmt.Sprint(wn))
			}
			for _, f := range s.Files {
				var data []byte
				var err error
				if f.Path == "--settings" { // inline JSON
					data = []byte(flagString(c, "settings"))
				} else {
					data, err = settings.ReadConfigFile(f.Path)
				}
				v.Warnings = append(v.Warnings, schemaWarnings(schema, f.Display, data, err)...)
			}
		}
		results = append(results, v)
	}
	for _, path := range c.Args().Slice() {
		v := validation{Path: path, Warnings: []string{}}
		data, err := settings.ReadConfigFile(path)
		if err != nil {
			v.Error = fmt.Sprintf("%s: %v", path, errors.Unwrap(err))
			results = append(results, v)
			continue
		}
		warnings, err := settings.Validate(filepath.Clean(path), data)
		for _, wn := range warnings {
			v.Warnings = append(v.Warnings, fmt.Sprint(wn))
		}
		if err != nil {
			v.Error = err.Error()
		} else {
			v.OK = true
			v.Warnings = append(v.Warnings, schemaWarnings(schema, filepath.Clean(path), data, nil)...)
		}
		results = append(results, v)
	}
	if dir := flagString(c, "policy"); dir != "" {
		results = append(results, validatePolicy(c, dir))
	}
	failed, warned := false, 0
	w := c.App.Writer
	for _, v := range results {
		failed = failed || !v.OK
		warned += len(v.Warnings)
		if asJSON {
			continue
		}
		for _, wn := range v.Warnings {
			fmt.Fprintln(w, wn)
		}
		switch {
		case v.Error != "":
			fmt.Fprintln(w, v.Error)
		case v.effective:
			fmt.Fprintf(w, "ok: %d files, %d rules, %d warnings\n", v.sources, v.Rules, len(v.Warnings))
		default:
			fmt.Fprintf(w, "%s: ok\n", v.Path)
		}
	}
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		if err := enc.Encode(map[string]any{"ok": !failed, "warnings": warned, "files": results}); err != nil {
			return cli.Exit(err.Error(), exitError)
		}
	}
	if failed {
		return cli.Exit("", exitError)
	}
	return strictExit(c, warned)
}

// validatePolicy compiles the custom org modules in dir with agentctl's
// own, under the effective settings, as every deciding command would.
func validatePolicy(c *cli.Context, dir string) validation {
	v := validation{Path: dir, Warnings: []string{}}
	s, err := settings.Load(settingsOptions(c))
	if err == nil {
		_, err = engine.New(context.Background(), s, engine.WithPolicyDir(dir))
	}
	if err != nil {
		v.Error = err.Error()
		return v
	}
	v.OK = true
	return v
}

// strictExit fails settings validate --strict when there was any warning.
func strictExit(c *cli.Context, warnings int) error {
	if c.Bool("strict") && warnings > 0 {
		return cli.Exit(fmt.Sprintf("settings validate --strict: %d warning(s)", warnings), exitError)
	}
	return nil
}

// schemaWarnings checks one settings file against --schema (none: no
// warnings); display names it, readErr is why it could not be read.
func schemaWarnings(schema *settings.Schema, display string, data []byte, readErr error) []string {
	if schema == nil {
		return nil
	}
	if readErr != nil {
		return []string{fmt.Sprintf("%s: warning: schema: %v", display, readErr)}
	}
	ws, err := schema.Check(display, data)
	if err != nil {
		return []string{err.Error()}
	}
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.String()
	}
	return out
}
