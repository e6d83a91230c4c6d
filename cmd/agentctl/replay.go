//go:build !agentctl_lean

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/settings"
	"github.com/agentctl/agentctl/workflow"
)

// transcriptFlags are the flags of the commands that read recorded sessions.
func transcriptFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringSliceFlag{Name: "rebase", Usage: "rewrite the recorded path prefix `FROM=TO` in cwds and inputs (repeatable)"},
	}
}

// readRecorded reads the transcripts named by the arguments and applies
// --rebase.
func readRecorded(c *cli.Context, cmd string) ([]workflow.Recorded, error) {
	if c.NArg() == 0 {
		return nil, cli.Exit(fmt.Sprintf("%s: missing TRANSCRIPT (a file, a directory or -)", cmd), exitError)
	}
	calls, err := workflow.ReadTranscripts(c.Args().Slice(), c.App.Reader)
	if err != nil {
		return nil, cli.Exit(fmt.Sprintf("%s: %v", cmd, err), exitError)
	}
	for _, r := range c.StringSlice("rebase") {
		from, to, ok := strings.Cut(r, "=")
		if !ok || from == "" {
			return nil, cli.Exit(fmt.Sprintf("%s: --rebase %q: expected FROM=TO", cmd, r), exitError)
		}
		workflow.Rebase(calls, from, to)
	}
	return calls, nil
}

// replayRecorded reads the transcripts the arguments name and decides
// every recorded call under the policy: the start of replay and suggest.
func replayRecorded(c *cli.Context, cmd string) (*replayRun, error) {
	calls, err := readRecorded(c, cmd)
	if err != nil {
		return nil, err
	}
	s, e, closeLog, err := loadEngine(c)
	if err != nil {
		return nil, err
	}
	run := &replayRun{engine: e, opts: replayOptions(c, s), close: closeLog}
	if run.calls, err = workflow.Replay(context.Background(), decider(e), calls, run.opts); err != nil {
		closeLog()
		return nil, cli.Exit(cmd+": "+err.Error(), exitError)
	}
	return run, nil
}

// replayRun is a replay's result and what made it; close ends the
// engine's decision log.
type replayRun struct {
	calls  []workflow.Replayed
	engine *engine.Engine
	opts   workflow.ReplayOptions
	close  func()
}

// replayOptions decide in the recorded modes unless --permission-mode
// names one; a mode the settings forbid is replaced by theirs. Identical
// calls share a decision unless each must reach the decision log or an
// auto-mode classifier.
func replayOptions(c *cli.Context, s *settings.Settings) workflow.ReplayOptions {
	return workflow.ReplayOptions{
		Mode:        flagString(c, "permission-mode"),
		ModeAllowed: func(m string) bool { return settings.ValidMode(m) && s.CheckMode(m) == nil },
		EveryCall:   flagString(c, "decision-log") != "" || s.AutoClassifier != nil,
	}
}

func replayCommand() *cli.Command {
	return &cli.Command{
		Name:      "replay",
		Usage:     "decide every call of recorded sessions (Claude Code transcripts, agentctl run transcripts) under the policy",
		ArgsUsage: "TRANSCRIPT…",
		UsageText: `agentctl replay TRANSCRIPT… [--rebase FROM=TO]

TRANSCRIPT is a Claude Code session (~/.claude/projects/<dir>/<session>.jsonl), an agentctl run
transcript (<session-dir>/transcript.jsonl), a directory (walked for *.jsonl) or - (stdin).
Each call is decided in its recorded cwd and permission mode (--permission-mode overrides).
A line marked ! ran then but would now be denied.

Exit code: 0 replayed (whatever the decisions), 1 error.

Examples:
   agentctl --cwd fixtures/workflows/project --managed-settings fixtures/workflows/managed-settings.json \
     --policy fixtures/workflows/policy replay fixtures/workflows/transcripts \
     --rebase /home/dev/webapp=$PWD/fixtures/workflows/project
   agentctl replay ~/.claude/projects --output json`,
		Flags: withGlobals(append(transcriptFlags(),
			&cli.StringFlag{Name: "html", Usage: "also write a self-contained HTML report to `FILE`"})...),
		Action: replayAction,
	}
}

func replayAction(c *cli.Context) error {
	asJSON, err := jsonOutput(c)
	if err != nil {
		return err
	}
	run, err := replayRecorded(c, "replay")
	if err != nil {
		return err
	}
	defer run.close()
	rs := run.calls
	sum := workflow.Summarize(rs)
	if path := c.String("html"); path != "" {
		if err := writeHTML(path, func(w io.Writer) error {
			return workflow.WriteReplayHTML(w, "agentctl replay", rs, sum)
		}); err != nil {
			return cli.Exit("replay --html: "+err.Error(), exitError)
		}
	}
	if asJSON {
		enc := json.NewEncoder(c.App.Writer)
		enc.SetIndent("", "  ")
		return enc.Encode(struct {
			Calls   []workflow.Replayed `json:"calls"`
			Summary workflow.Summary    `json:"summary"`
		}{rs, sum})
	}
	return workflow.WriteReplayText(c.App.Writer, rs, sum)
}

// writeHTML writes a report file whole or not at all.
func writeHTML(path string, write func(io.Writer) error) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
}
