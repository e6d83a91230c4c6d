package main

import (
	"context"
	"fmt"
	"os"

	"github.com/urfave/cli/v2"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/pipeline"
	"github.com/agentctl/agentctl/settings"
)

// globalFlags returns fresh instances of the flags every command shares; they
// are attached to the app and to each command so they work before and after
// the command name.
func globalFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "cwd", Value: ".", Usage: "working `DIR` of the session (project settings are read from DIR/.claude)"},
		&cli.StringFlag{Name: "managed-settings", EnvVars: []string{"AGENTCTL_MANAGED_SETTINGS"},
			Usage: "managed (org) settings `FILE` (default " + settings.DefaultManagedFile + ")"},
		&cli.StringFlag{Name: "settings", Usage: "extra settings `FILE` or inline JSON (flagSettings)"},
		&cli.StringSliceFlag{Name: "allowed-tools", Usage: "allow `RULE`s (repeatable; comma or space separated)"},
		&cli.StringSliceFlag{Name: "disallowed-tools", Usage: "deny `RULE`s (repeatable; comma or space separated)"},
		&cli.StringFlag{Name: "permission-mode", Usage: "`MODE`: default, acceptEdits, plan, auto, dontAsk, bypassPermissions"},
		&cli.StringSliceFlag{Name: "add-dir", Usage: "additional working `DIR` (repeatable)"},
		&cli.StringFlag{Name: "output", Value: "text", Usage: "output `FORMAT`: text or json"},
		&cli.BoolFlag{Name: "no-color", Usage: "disable colour (also NO_COLOR)"},
		&cli.StringFlag{Name: "policy", Usage: "`DIR` of custom org Rego modules (package agentctl.custom) and command tables (*.yaml)"},
		&cli.StringFlag{Name: "commands", Usage: "command knowledge `PROFILE`: core (Claude Code's read-only list) or extended (rego/commands tables)"},
		&cli.StringFlag{Name: "opa-url", Usage: "evaluate on the OPA server at `URL` instead of embedded"},
		&cli.StringSliceFlag{Name: "mcp-config", Usage: "MCP servers (.mcp.json format, stdio) from `FILE` (repeatable): run uses them, tools list/schema show them, check validates their input"},
		&cli.DurationFlag{Name: "opa-timeout", Value: engine.DefaultRemoteTimeout, Usage: "bound on each request to the --opa-url server"},
		&cli.StringFlag{Name: "decision-log", Usage: "append OPA decision-log events to `FILE`"},
		&cli.BoolFlag{Name: "trust-workspace", Usage: "trust the workspace: run the hooks and classifier its project and local settings name (needed for check, explain and facts even in a trusted workspace)"},
	}
}

// withGlobals appends the shared flags to a command's own.
func withGlobals(own ...cli.Flag) []cli.Flag { return append(own, globalFlags()...) }

// flagString returns a shared flag's value, preferring where it was set:
// after the command name, then before it, then the default.
func flagString(c *cli.Context, name string) string {
	for _, ctx := range c.Lineage() {
		// An empty environment variable counts as "set" to urfave/cli; an
		// empty value never wins over a real one.
		if isSetHere(ctx, name) && ctx.String(name) != "" {
			return ctx.String(name)
		}
	}
	return c.String(name)
}

func flagBool(c *cli.Context, name string) bool {
	for _, ctx := range c.Lineage() {
		if isSetHere(ctx, name) {
			return ctx.Bool(name)
		}
	}
	return false
}

// flagSlice unions a repeatable shared flag from every level.
func flagSlice(c *cli.Context, name string) []string {
	var out []string
	for _, ctx := range c.Lineage() {
		if isSetHere(ctx, name) {
			out = append(out, ctx.StringSlice(name)...)
		}
	}
	return out
}

func isSetAnywhere(c *cli.Context, name string) bool {
	for _, ctx := range c.Lineage() {
		if isSetHere(ctx, name) {
			return true
		}
	}
	return false
}

// isSetHere reports whether the flag was given at this level of the command
// line (not inherited from a parent, which would count it twice).
func isSetHere(ctx *cli.Context, name string) bool {
	for _, n := range ctx.LocalFlagNames() {
		if n == name {
			return true
		}
	}
	return false
}

// settingsOptions maps the shared flags to settings.Options.
func settingsOptions(c *cli.Context) settings.Options {
	o := settings.Options{
		Cwd:             flagString(c, "cwd"),
		ManagedFile:     flagString(c, "managed-settings"),
		FlagSettings:    flagString(c, "settings"),
		AllowedTools:    flagSlice(c, "allowed-tools"),
		DisallowedTools: flagSlice(c, "disallowed-tools"),
		PermissionMode:  flagString(c, "permission-mode"),
		AddDirs:         flagSlice(c, "add-dir"),
		Commands:        flagString(c, "commands"),
		ConfigDir:       os.Getenv("CLAUDE_CONFIG_DIR"),
		PolicyDirs:      nonEmpty(flagString(c, "policy")),
		TrustWorkspace:  flagBool(c, "trust-workspace"),
		// Decision commands run a workspace's commands only with the
		// flag, whatever the records say.
		TrustRecords: !decisionCommands[c.Command.Name],
	}
	o.ManagedExplicit = o.ManagedFile != ""
	// urfave/cli does not say where a value came from: the environment's
	// value is taken as its source (a relative one is refused).
	if v := os.Getenv("AGENTCTL_MANAGED_SETTINGS"); v != "" && v == o.ManagedFile {
		o.ManagedFromEnv = true
	}
	return o
}

// nonEmpty is the one-element list of v, or nil when v is "".
func nonEmpty(v string) []string {
	if v == "" {
		return nil
	}
	return []string{v}
}

// decisionCommands decide calls without running them: a workspace's own
// commands run there only under --trust-workspace.
var decisionCommands = map[string]bool{"check": true, "explain": true, "facts": true,
	"test": true, "replay": true, "diff": true, "suggest": true}

func loadSettings(c *cli.Context) (*settings.Settings, error) {
	return loadWith(c, settingsOptions(c))
}

// loadWith loads settings and prints their warnings on stderr, once per
// command.
func loadWith(c *cli.Context, opts settings.Options) (*settings.Settings, error) {
	if opts.Commands != "" && opts.Commands != engine.ProfileCore && opts.Commands != engine.ProfileExtended {
		return nil, cli.Exit(fmt.Sprintf("--commands %q: expected core or extended", opts.Commands), exitError)
	}
	s, err := settings.Load(opts)
	if err != nil {
		return nil, cli.Exit(err.Error(), exitError)
	}
	for _, w := range s.Warnings {
		fmt.Fprintln(c.App.ErrWriter, "agentctl:", w)
	}
	return s, nil
}

// newEngine loads settings and builds the engine the shared flags describe.
// The returned close function flushes the decision log.
func newEngine(c *cli.Context) (*engine.Engine, func(), error) {
	s, err := loadSettings(c)
	if err != nil {
		return nil, nil, err
	}
	return engineFor(c, s)
}

// engineFor builds the engine the shared flags describe over loaded settings.
func engineFor(c *cli.Context, s *settings.Settings) (*engine.Engine, func(), error) {
	var opts []engine.Option
	if dir := flagString(c, "policy"); dir != "" {
		opts = append(opts, engine.WithPolicyDir(dir))
	}
	opts = append(opts, remoteOptions(c)...)
	closer := func() {}
	if p := flagString(c, "decision-log"); p != "" {
		f, err := os.OpenFile(p, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return nil, nil, cli.Exit(fmt.Sprintf("--decision-log: %v", err), exitError)
		}
		closer = func() { f.Close() }
		opts = append(opts, engine.WithDecisionLog(f))
	}
	e, err := engine.New(context.Background(), s, opts...)
	if err != nil {
		closer()
		return nil, nil, exitWith(err, exitError)
	}
	return e, closer, nil
}

// decider is the chain a deciding command asks: the engine, with the
// auto-mode classifier and the decision log around it.
func decider(e *engine.Engine) pipeline.DecideFunc {
	return pipeline.Around(e.Decide, e.Settings(), nil)
}

// checkDecider is decider for check, check --batch and explain: the
// PreToolUse hooks the settings name run first, as in a session, and an
// untrusted workspace's hook that matches makes the call ask. (agentctl
// hook must not: the agent runs its own hooks beside it.)
func checkDecider(e *engine.Engine) pipeline.DecideFunc {
	return pipeline.Around(e.Decide, e.Settings(), nil, checkMiddleware(e.Settings())...)
}

// checkHooks is the hook middleware of a decision outside a session, or
// none when the settings name no PreToolUse hook.
func checkHooks(s *settings.Settings) []pipeline.Middleware {
	n := 0
	for _, hs := range [][]settings.Hook{s.Hooks, s.SkippedHooks} {
		for _, h := range hs {
			if h.Event == "PreToolUse" {
				n++
			}
		}
	}
	if n == 0 {
		return nil
	}
	h := &pipeline.HookRunner{Hooks: s.Hooks, Skipped: s.SkippedHooks, ManagedAllowOnly: s.AllowManagedPermissionRulesOnly,
		ProjectDir: s.Cwd, SessionID: "agentctl-check", Effort: s.EffortLevel}
	return []pipeline.Middleware{pipeline.PreToolHooks(h, s.Cwd, s.Mode.Value)}
}

// remoteOptions are the engine options of --opa-url and --opa-timeout.
func remoteOptions(c *cli.Context) []engine.Option {
	u := flagString(c, "opa-url")
	if u == "" {
		return nil
	}
	timeout := engine.DefaultRemoteTimeout
	for _, ctx := range c.Lineage() {
		if isSetHere(ctx, "opa-timeout") {
			timeout = ctx.Duration("opa-timeout")
			break
		}
	}
	return []engine.Option{engine.WithRemote(u), engine.WithRemoteTimeout(timeout)}
}

func jsonOutput(c *cli.Context) (bool, error) {
	switch o := flagString(c, "output"); o {
	case "json":
		return true, nil
	case "text", "":
		return false, nil
	default:
		return false, cli.Exit(fmt.Sprintf("--output %q: expected text or json", o), exitError)
	}
}

// loadEngine loads the settings with the global flags and builds their
// engine: the start of every command that decides calls.
func loadEngine(c *cli.Context) (*settings.Settings, *engine.Engine, func(), error) {
	s, err := loadSettings(c)
	if err != nil {
		return nil, nil, nil, err
	}
	e, closeLog, err := engineFor(c, s)
	if err != nil {
		return nil, nil, nil, err
	}
	return s, e, closeLog, nil
}

// exitCodeError is an error with the exit code urfave/cli uses, keeping the
// error's chain (errors.Is sees engine.ErrNeedsOPA through it).
type exitCodeError struct {
	err  error
	code int
}

func (e *exitCodeError) Error() string { return e.err.Error() }
func (e *exitCodeError) Unwrap() error { return e.err }

// ExitCode is the process exit code.
func (e *exitCodeError) ExitCode() int { return e.code }

// exitWith is cli.Exit that keeps err's chain.
func exitWith(err error, code int) error { return &exitCodeError{err: err, code: code} }
