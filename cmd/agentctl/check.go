//go:build !agentctl_lean

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/urfave/cli/v2"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/pipeline"
)

func checkCommand() *cli.Command {
	return &cli.Command{
		Name:      "check",
		Usage:     "decide one tool call (or a JSONL batch): allow, ask or deny",
		ArgsUsage: "TOOL [INPUT_JSON|-]",
		UsageText: `agentctl check TOOL [INPUT_JSON|-] [--input FILE]
agentctl check --batch FILE|-

Exit code: 0 allow, 2 deny, 3 ask, 1 error (with --batch: 0 unless agentctl failed).

Examples:
   agentctl check Bash '{"command":"git push origin main"}'
   agentctl --cwd fixtures/projects/demo check Read '{"file_path":"/etc/passwd"}' --output json
   echo '{"tool_name":"Bash","tool_input":{"command":"ls"}}' | agentctl check --batch -`,
		Flags: withGlobals(
			&cli.StringFlag{Name: "input", Usage: "read the tool input JSON from `FILE` (- for stdin)"},
			&cli.StringFlag{Name: "batch", Usage: "decide every JSONL line of `FILE` (- for stdin): {\"tool_name\":…,\"tool_input\":{…}}"},
		),
		Action: checkAction,
	}
}

func checkAction(c *cli.Context) error {
	if b := c.String("batch"); b != "" {
		return checkBatch(c, b)
	}
	call, e, closeLog, err := callAndEngine(c)
	if err != nil {
		return err
	}
	defer closeLog()
	d, err := mcpChecked(c, call, func() (engine.Decision, error) { return decide(context.Background(), checkDecider(e), call) })
	if err != nil {
		return cli.Exit(err.Error(), exitError)
	}
	asJSON, err := jsonOutput(c)
	if err != nil {
		return err
	}
	if asJSON {
		if err := json.NewEncoder(c.App.Writer).Encode(d); err != nil {
			return err
		}
	} else {
		fmt.Fprintln(c.App.Writer, decisionLine(d, useColor(c)))
	}
	switch d.Decision {
	case engine.Allow:
		return nil
	case engine.Ask:
		return cli.Exit("", exitAsk)
	default:
		return cli.Exit("", exitDeny)
	}
}

// callAndEngine reads the call of a TOOL [INPUT_JSON] command and builds the
// engine it is decided with.
func callAndEngine(c *cli.Context) (engine.Call, *engine.Engine, func(), error) {
	call, err := readCall(c)
	if err != nil {
		return call, nil, nil, err
	}
	e, closeLog, err := newEngine(c)
	return call, e, closeLog, err
}

// readCall reads TOOL and its input from the arguments, --input or stdin.
func readCall(c *cli.Context) (engine.Call, error) {
	if c.NArg() < 1 {
		return engine.Call{}, cli.Exit("check: missing TOOL (see agentctl check --help)", exitError)
	}
	call := engine.Call{Tool: c.Args().Get(0)}
	var raw []byte
	var err error
	name := "INPUT_JSON"
	switch src := c.String("input"); {
	case src == "-" || c.Args().Get(1) == "-":
		raw, err = io.ReadAll(c.App.Reader)
		name = "stdin"
	case src != "":
		raw, err = os.ReadFile(src)
		name = src
	case c.NArg() > 1:
		raw = []byte(c.Args().Get(1))
	default:
		raw = []byte("{}")
	}
	if err != nil {
		return call, cli.Exit(fmt.Sprintf("check: reading input: %v", err), exitError)
	}
	call.Input, err = engine.DecodeInput(name, raw)
	switch {
	case errors.Is(err, engine.ErrInvalidInput):
		// Input two parsers could read differently is an invalid call
		// (deny, stage validate), not an unreadable argument.
		call.Invalid = []string{fmt.Sprintf("%s: %v", call.Tool, err)}
	case err != nil:
		return call, cli.Exit(fmt.Sprintf("check: INPUT_JSON: %v", err), exitError)
	}
	return call, nil
}

// decide asks about a call (the engine validates the input itself);
// evaluators that differ (AGENTCTL_EVALUATOR=both) are a deny at stage
// error, printed like any decision and never run.
func decide(ctx context.Context, dec pipeline.Decider, call engine.Call) (engine.Decision, error) {
	d, err := dec.Decide(ctx, call)
	if errors.Is(err, engine.ErrEvaluatorsDiffer) {
		return d, nil
	}
	return d, err
}

// decisionLine is the one-line text form of a decision.
func decisionLine(d engine.Decision, color bool) string {
	word := fmt.Sprintf("%-5s", d.Decision)
	if color {
		code := map[engine.Effect]string{engine.Allow: "32", engine.Ask: "33", engine.Deny: "31"}[d.Decision]
		word = "\x1b[" + code + "m" + word + "\x1b[0m"
	}
	what := "stage " + d.Stage.String()
	if d.Rule != nil {
		what = fmt.Sprintf("rule %s %s %s", d.Rule.Text, d.Rule.Source, d.Rule.Location())
	}
	return fmt.Sprintf("%s %s  %s — %s", word, d.ToolName, what, d.Reason)
}
