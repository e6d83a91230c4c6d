//go:build !agentctl_lean

package main

import (
	"context"
	"encoding/json"

	"github.com/urfave/cli/v2"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/settings"
	"github.com/agentctl/agentctl/workflow"
)

func suggestCommand() *cli.Command {
	return &cli.Command{
		Name:      "suggest",
		Usage:     "propose the smallest set of allow rules that would have let the recorded, approved calls through",
		ArgsUsage: "TRANSCRIPT…",
		UsageText: `agentctl suggest TRANSCRIPT… [--min-count N]

The calls that ran but would now ask are covered with as few allow rules as possible: prefix rules
for Bash (never Bash or Bash(*)), directory globs for edits and reads, domains for WebFetch. A rule
that would also match a recorded call the deny or ask rules, the tool check or the safety check
stop, or a command a deny or ask rule names, is never proposed. The output is a YAML settings file
(agentctl reads .claude/settings.yaml) with a comment per rule saying which calls it covers;
--output json prints {"permissions": {"allow": […]}, "rules": […], "uncovered": […]}.

Exit code: 0, or 1 on error.

Example:
   agentctl --cwd fixtures/workflows/project --managed-settings fixtures/workflows/managed-settings.json \
     --policy fixtures/workflows/policy suggest fixtures/workflows/transcripts \
     --rebase /home/dev/webapp=$PWD/fixtures/workflows/project`,
		Flags: withGlobals(append(transcriptFlags(),
			&cli.IntFlag{Name: "min-count", Value: 1, Usage: "only rules that cover at least `N` calls"})...),
		Action: suggestAction,
	}
}

func suggestAction(c *cli.Context) error {
	ctx := context.Background()
	asJSON, err := jsonOutput(c)
	if err != nil {
		return err
	}
	run, err := replayRecorded(c, "suggest")
	if err != nil {
		return err
	}
	defer run.close()
	var eo []engine.Option
	if dir := flagString(c, "policy"); dir != "" {
		eo = append(eo, engine.WithPolicyDir(dir))
	}
	build := func(ctx context.Context, allow []string) (workflow.Decider, error) {
		s2, err := settings.Load(settingsOptions(c))
		if err != nil {
			return nil, err
		}
		if err := s2.AddRules(settings.SessionSettings, settings.Allow, allow...); err != nil {
			return nil, err
		}
		e, err := engine.New(ctx, s2, eo...)
		if err != nil {
			return nil, err
		}
		return decider(e), nil
	}
	res, err := workflow.Suggest(ctx, run.engine, build, run.calls, run.opts, c.Int("min-count"))
	if err != nil {
		return cli.Exit("suggest: "+err.Error(), exitError)
	}
	if asJSON {
		allow := []string{}
		for _, r := range res.Rules {
			allow = append(allow, r.Rule)
		}
		enc := json.NewEncoder(c.App.Writer)
		enc.SetIndent("", "  ")
		return enc.Encode(struct {
			Permissions map[string][]string `json:"permissions"`
			*workflow.SuggestResult
		}{map[string][]string{"allow": allow}, res})
	}
	return workflow.WriteSuggestYAML(c.App.Writer, res)
}
