//go:build !agentctl_lean

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"github.com/agentctl/agentctl/agenthook"
)

func hooksCommand() *cli.Command {
	agentFlag := func(value string) cli.Flag {
		return &cli.StringFlag{Name: "agent", Value: value, Usage: "`AGENT`: claude, gemini or cursor"}
	}
	scopeFlag := &cli.StringFlag{Name: "scope", Value: "user", Usage: "`SCOPE`: user, project, local (Claude Code only) or managed"}
	return &cli.Command{
		Name:  "hooks",
		Usage: "install, list or remove agentctl as the hook of Claude Code, Gemini CLI or Cursor",
		Subcommands: []*cli.Command{
			{
				Name:  "install",
				Usage: "write agentctl's hook entry into an agent's settings file (idempotent, with a backup)",
				UsageText: `agentctl hooks install --agent claude|gemini|cursor [--scope user|project|local|managed]

Every other key of the file is kept; a second install changes nothing; the file
as it was is kept as FILE.agentctl-backup. The hook runs this agentctl binary
with the global flags given here (--managed-settings, --settings, --policy,
--opa-url, --opa-timeout, --decision-log) and --unmatched, --ask-fallback.

Examples:
   agentctl hooks install --agent claude --scope project
   agentctl --managed-settings /etc/claude-code/managed-settings.json hooks install --agent gemini --scope user`,
				Flags: withGlobals(agentFlag("claude"), scopeFlag,
					&cli.DurationFlag{Name: "timeout", Value: agenthook.DefaultTimeout, Usage: "how long the agent waits for agentctl (a timed-out hook lets the call run)"},
					&cli.StringFlag{Name: "command", Usage: "the agentctl `PROGRAM` the hook runs (default: this binary, absolute)"},
					&cli.StringFlag{Name: "unmatched", Usage: "passed to the hook: ask or defer"},
					&cli.StringFlag{Name: "ask-fallback", Usage: "passed to the hook: deny or defer"},
				),
				Action: hooksInstall,
			},
			{
				Name:      "uninstall",
				Usage:     "remove exactly the entries install wrote",
				UsageText: `agentctl hooks uninstall --agent claude|gemini|cursor [--scope user|project|local|managed]`,
				Flags:     withGlobals(agentFlag("claude"), scopeFlag),
				Action:    hooksUninstall,
			},
			{
				Name:      "list",
				Usage:     "show where agentctl is installed as a hook, and what else is hooked there",
				UsageText: `agentctl hooks list [--agent AGENT] [--output json]`,
				Flags:     withGlobals(agentFlag("")),
				Action:    hooksList,
			},
		},
	}
}

// hookEnv locates the agents' settings files for the shared flags.
func hookEnv(c *cli.Context) (agenthook.Env, error) {
	cwd, err := filepath.Abs(flagString(c, "cwd"))
	if err != nil {
		return agenthook.Env{}, cli.Exit(err.Error(), exitError)
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return agenthook.Env{}, cli.Exit("no home directory: "+err.Error(), exitError)
	}
	return agenthook.Env{Cwd: cwd, Home: home, ClaudeConfigDir: os.Getenv("CLAUDE_CONFIG_DIR"),
		ManagedFile: flagString(c, "managed-settings")}, nil
}

func agentAndFile(c *cli.Context) (agenthook.Agent, string, error) {
	agent, err := agenthook.ParseAgent(c.String("agent"))
	if err == nil && agent == "" {
		err = fmt.Errorf("--agent: expected claude, gemini or cursor")
	}
	if err != nil {
		return "", "", cli.Exit(err.Error(), exitError)
	}
	env, err := hookEnv(c)
	if err != nil {
		return "", "", err
	}
	path, err := agenthook.Location(agent, agenthook.Scope(c.String("scope")), env)
	if err != nil {
		return "", "", cli.Exit(err.Error(), exitError)
	}
	return agent, path, nil
}

// hookCommandLine is the command the agent runs: this binary, absolute,
// with the flags that shape the decision.
func hookCommandLine(c *cli.Context, agent agenthook.Agent) (string, error) {
	prog := c.String("command")
	if prog == "" {
		exe, err := os.Executable()
		if err != nil {
			return "", cli.Exit("cannot find this binary (pass --command): "+err.Error(), exitError)
		}
		prog = exe
		// The lean hook binary beside this one starts in half the time; a
		// custom Rego policy would only make it start this one too.
		if lean := filepath.Join(filepath.Dir(exe), "agentctl-hook"); flagString(c, "policy") == "" && isExecutable(lean) {
			prog = lean
		}
	}
	prog, err := installedProgram(prog)
	if err != nil {
		return "", cli.Exit(err.Error(), exitError)
	}
	words := []string{prog, "hook", "--agent", string(agent)}
	for _, name := range []string{"managed-settings", "settings", "policy", "opa-url", "decision-log"} {
		v := flagString(c, name)
		if v == "" {
			continue
		}
		isFile := name != "opa-url" && !strings.HasPrefix(strings.TrimSpace(v), "{")
		if abs, err := filepath.Abs(v); err == nil && isFile {
			v = abs // the agent runs the hook from its own cwd
		}
		words = append(words, "--"+name, v)
	}
	if isSetAnywhere(c, "opa-timeout") {
		words = append(words, "--opa-timeout", flagDuration(c, "opa-timeout").String())
	}
	for _, name := range []string{"unmatched", "ask-fallback"} {
		if v := c.String(name); v != "" {
			words = append(words, "--"+name, v)
		}
	}
	if d := hookDeadlineFor(c.Duration("timeout")); d > 0 {
		// The hook's own block must come before the agent gives up on it.
		words = append(words, "--deadline", d.String())
	}
	for i, w := range words {
		words[i] = shellWord(w)
	}
	return strings.Join(words, " "), nil
}

func flagDuration(c *cli.Context, name string) fmt.Stringer {
	for _, ctx := range c.Lineage() {
		if isSetHere(ctx, name) {
			return ctx.Duration(name)
		}
	}
	return c.Duration(name)
}

// shellWord quotes a word for sh when it needs it.
func shellWord(w string) string {
	if w != "" && strings.Trim(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=@%+,") == "" {
		return w
	}
	return "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
}

func hooksInstall(c *cli.Context) error {
	agent, path, err := agentAndFile(c)
	if err != nil {
		return err
	}
	if err := (agenthook.Options{Unmatched: c.String("unmatched"), AskFallback: c.String("ask-fallback")}).Validate(); err != nil {
		return cli.Exit(err.Error(), exitError)
	}
	if c.Duration("timeout") < 1e9 {
		return cli.Exit("--timeout: at least 1s", exitError)
	}
	cmd, err := hookCommandLine(c, agent)
	if err != nil {
		return err
	}
	res, err := agenthook.Install(path, agenthook.Spec{Agent: agent, Command: cmd, Timeout: c.Duration("timeout")})
	if err != nil {
		return cli.Exit("hooks install: "+err.Error(), exitError)
	}
	w := c.App.Writer
	if !res.Changed {
		fmt.Fprintf(w, "already installed for %s in %s (unchanged)\n", agent, path)
		return nil
	}
	fmt.Fprintf(w, "installed for %s in %s: %s\n", agent, path, strings.Join(agenthook.Events(agent), ", "))
	if res.Backup != "" {
		fmt.Fprintf(w, "backup: %s\n", res.Backup)
	}
	fmt.Fprintf(w, "command: %s\n", cmd)
	if risk := loaderRisk(cmd); risk != "" {
		fmt.Fprintf(c.App.ErrWriter, "agentctl: warning: %s\n", risk)
	}
	return nil
}

func hooksUninstall(c *cli.Context) error {
	agent, path, err := agentAndFile(c)
	if err != nil {
		return err
	}
	res, err := agenthook.Uninstall(path, agent)
	if err != nil {
		return cli.Exit("hooks uninstall: "+err.Error(), exitError)
	}
	if !res.Changed {
		fmt.Fprintf(c.App.Writer, "not installed for %s in %s (unchanged)\n", agent, path)
		return nil
	}
	fmt.Fprintf(c.App.Writer, "removed from %s (backup: %s)\n", path, res.Backup)
	return nil
}

// allHooks lists the hook entries of every agent (or one) at every scope.
func allHooks(c *cli.Context, only agenthook.Agent) ([]agenthook.Hook, []string, error) {
	env, err := hookEnv(c)
	if err != nil {
		return nil, nil, err
	}
	var out []agenthook.Hook
	var problems []string
	for _, agent := range agenthook.Agents {
		if only != "" && agent != only {
			continue
		}
		for _, scope := range agenthook.Scopes {
			path, err := agenthook.Location(agent, scope, env)
			if err != nil {
				continue
			}
			hooks, err := agenthook.List(agent, scope, path)
			if err != nil {
				problems = append(problems, err.Error())
			}
			out = append(out, hooks...)
		}
	}
	return out, problems, nil
}

func hooksList(c *cli.Context) error {
	only, err := agenthook.ParseAgent(c.String("agent"))
	if err != nil {
		return cli.Exit(err.Error(), exitError)
	}
	hooks, problems, err := allHooks(c, only)
	if err != nil {
		return err
	}
	for _, p := range problems {
		fmt.Fprintln(c.App.ErrWriter, "agentctl:", p)
	}
	asJSON, err := jsonOutput(c)
	if err != nil {
		return err
	}
	if asJSON {
		if hooks == nil {
			hooks = []agenthook.Hook{}
		}
		return json.NewEncoder(c.App.Writer).Encode(hooks)
	}
	if len(hooks) == 0 {
		fmt.Fprintln(c.App.Writer, "no hooks installed")
		return nil
	}
	tw := tabwriter.NewWriter(c.App.Writer, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "AGENT\tSCOPE\tEVENT\tMATCHER\tWHO\tCOMMAND\tFILE")
	for _, h := range hooks {
		who := "other"
		if h.Agentctl {
			who = "agentctl"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", h.Agent, h.Scope, h.Event, h.Matcher, who, h.Command, h.File)
	}
	return tw.Flush()
}

// isExecutable reports a regular file with an execute bit.
func isExecutable(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0
}
