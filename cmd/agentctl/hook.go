package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/agentctl/agentctl/agenthook"
	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/settings"
)

// hookDecider wraps the engine a hook decides with; tests replace it to
// inject faults (a panic) into a real process.
var hookDecider = func(e *engine.Engine) agenthook.Decider { return decider(e) }

func hookCommand() *cli.Command {
	return &cli.Command{
		Name:      "hook",
		Usage:     "answer one hook event of Claude Code, Gemini CLI or Cursor (stdin) in that agent's own format",
		ArgsUsage: " ",
		UsageText: `agentctl hook [--agent claude|gemini|cursor] [--unmatched ask|defer] [--ask-fallback deny|defer] < EVENT.json

Reads one hook event as JSON on stdin, maps the agent's tool onto agentctl's,
decides it under the settings of the session's project (the root the agent
names in CLAUDE_PROJECT_DIR or GEMINI_PROJECT_DIR, else the event's cwd), and
answers on stdout in the agent's own format. It fails closed in each
protocol's own terms: anything that stops a decision (broken settings or
policy, unreadable stdin, an unreachable --opa-url, a panic, no decision within --deadline) blocks — exit 2 with the reason on stderr for Claude Code
and Gemini CLI, {"permission":"deny"} for Cursor — never exit 1, which those
agents treat as "go ahead".

Install it with: agentctl hooks install --agent claude|gemini|cursor`,
		Flags: withGlobals(
			&cli.StringFlag{Name: "agent", Usage: "the hook protocol: `AGENT` claude, gemini or cursor (default: from the event)"},
			&cli.StringFlag{Name: "unmatched", Value: "ask", Usage: "`ask` or defer: what a call only the fallback matched gets (defer: the agent's own prompt decides)"},
			&cli.StringFlag{Name: "ask-fallback", Value: "deny", Usage: "`deny` or defer: what an ask becomes where the protocol cannot ask (Gemini CLI, Cursor's beforeReadFile and preToolUse)"},
			&cli.DurationFlag{Name: "deadline", Value: defaultHookDeadline, Usage: "block (fail closed) when no decision is made within `D`: keep it under the agent's hook timeout, past which the agent lets the call run (0: no deadline)"},
		),
		OnUsageError: func(c *cli.Context, err error, _ bool) error {
			// The flags did not parse: find --agent in the raw arguments so
			// the block is still in the agent's own terms.
			agent, _ := agenthook.ParseAgent(agentArg(os.Args))
			return writeHookAnswer(c, agenthook.Fail(agent, "", fmt.Errorf("usage: %w", err)))
		},
		Action: hookAction,
	}
}

func hookAction(c *cli.Context) (err error) {
	agent, agentErr := agenthook.ParseAgent(c.String("agent"))
	var ans agenthook.Answer
	defer func() {
		if r := recover(); r != nil {
			ans = agenthook.Fail(agent, "", fmt.Errorf("internal error: %v\n%s", r, debug.Stack()))
		}
		err = writeHookAnswer(c, ans)
	}()
	if agentErr != nil {
		ans = agenthook.Fail(agenthook.Claude, "", agentErr)
		return nil // the deferred write returns the exit code
	}
	seen := &eventAgent{}
	ans = answerWithin(c.Duration("deadline"), agent, seen, func() agenthook.Answer { return hookAnswer(c, agent, seen) })
	return nil
}

// hookAnswer decides one event; every failure is the agent's fail-closed
// answer.
func hookAnswer(c *cli.Context, agent agenthook.Agent, seen *eventAgent) agenthook.Answer {
	opts := agenthook.Options{Unmatched: c.String("unmatched"), AskFallback: c.String("ask-fallback")}
	if err := opts.Validate(); err != nil {
		return agenthook.Fail(agent, "", err)
	}
	var raw bytes.Buffer
	ev, err := agenthook.ReadEvent(io.TeeReader(c.App.Reader, &raw), agent)
	if err != nil {
		return agenthook.Fail(agent, "", err)
	}
	seen.set(ev.Agent)
	o := settingsOptions(c)
	shellDir := ""
	if !isSetAnywhere(c, "cwd") {
		o.Cwd = ev.Cwd
		if root := projectDir(ev.Agent, ev.Cwd); root != "" {
			o.Cwd, shellDir = root, ev.Cwd
		}
	}
	s, err := settings.Load(o)
	if err != nil {
		return agenthook.Fail(ev.Agent, ev.Name, fmt.Errorf("settings: %w", err))
	}
	s.PolicyFiles = append(s.PolicyFiles, hookPrograms()...)
	var warnings string
	for _, w := range s.Warnings {
		warnings += "agentctl: " + w.String() + "\n"
	}
	e, closeLog, err := engineFor(c, s)
	if errors.Is(err, engine.ErrNeedsOPA) {
		return delegate(ev, raw.Bytes())
	}
	if err != nil {
		var ec cli.ExitCoder
		if errors.As(err, &ec) {
			err = errors.New(ec.Error())
		}
		return agenthook.Fail(ev.Agent, ev.Name, err)
	}
	defer closeLog()
	// The wrapper also shows agenthook the settings: without them the
	// agent's own mode would be decided in even where managed settings
	// (disableBypassPermissionsMode, the managed-rules lock) or an
	// untrusted repository's dropped defaultMode forbid it.
	sd := shellDirDecider{Decider: hookDecider(e), dir: shellDir, s: s, env: newCarriedEnv(s), claude: ev.Agent == agenthook.Claude,
		tree: newClaudeGrepTree(ev, e, s)}
	if !s.Trust.Trusted {
		sd.mcp = &repositoryMCP{agent: ev.Agent, root: s.Cwd}
	}
	d := agenthook.Decider(sd)
	ev.TrustedProject = s.Trust.Trusted
	ans := agenthook.Decide(context.Background(), d, ev, opts)
	ans.Stderr = warnings + ans.Stderr
	return ans
}

// writeHookAnswer prints an answer and returns its exit code as urfave/cli
// expects it (no message: stderr is already written).
func writeHookAnswer(c *cli.Context, a agenthook.Answer) error {
	if len(a.Stdout) > 0 {
		if _, err := c.App.Writer.Write(a.Stdout); err != nil && a.Code == 0 {
			// The answer did not reach the agent: block by exit code.
			a = agenthook.Fail(agenthook.Claude, "", fmt.Errorf("writing the answer: %w", err))
		}
	}
	if a.Stderr != "" {
		fmt.Fprint(c.App.ErrWriter, a.Stderr)
	}
	if a.Code == 0 {
		return nil
	}
	return cli.Exit("", a.Code)
}

// agentArg returns the value of the last --agent in raw arguments.
func agentArg(args []string) string {
	var v string
	for i, a := range args {
		switch {
		case (a == "--agent" || a == "-agent") && i+1 < len(args):
			v = args[i+1]
		case strings.HasPrefix(a, "--agent="):
			v = strings.TrimPrefix(a, "--agent=")
		}
	}
	return v
}
