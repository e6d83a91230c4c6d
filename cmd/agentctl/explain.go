//go:build !agentctl_lean

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/pipeline"
)

func explainCommand() *cli.Command {
	return &cli.Command{
		Name:      "explain",
		Usage:     "show the facts, every stage's matching rules, and which one decided",
		ArgsUsage: "TOOL [INPUT_JSON|-]",
		UsageText: `agentctl explain TOOL [INPUT_JSON|-] [--trace] [--output json]

Examples:
   agentctl --cwd fixtures/projects/demo explain Bash '{"command":"sudo rm -rf build && make"}'
   agentctl explain Read '{"file_path":"/etc/shadow"}' --trace`,
		Flags: withGlobals(
			&cli.StringFlag{Name: "input", Usage: "read the tool input JSON from `FILE` (- for stdin)"},
			&cli.BoolFlag{Name: "trace", Usage: "append OPA's evaluation trace"},
		),
		Action: explainAction,
	}
}

// explanation is the JSON form of explain.
type explanation struct {
	Input    map[string]any  `json:"input"`
	Decision engine.Decision `json:"decision"`
	Trace    string          `json:"trace,omitempty"`
}

func explainAction(c *cli.Context) error {
	call, e, closeLog, err := callAndEngine(c)
	if err != nil {
		return err
	}
	defer closeLog()
	var trace bytes.Buffer
	var tw io.Writer
	if c.Bool("trace") {
		tw = &trace
	}
	x, err := explain(context.Background(), e, call, tw)
	input, problems, d := x.Input, x.Problems, x.Decision
	if err != nil {
		return cli.Exit(err.Error(), exitError)
	}
	asJSON, err := jsonOutput(c)
	if err != nil {
		return err
	}
	if asJSON {
		enc := json.NewEncoder(c.App.Writer)
		enc.SetIndent("", "  ")
		return enc.Encode(explanation{Input: input, Decision: d, Trace: trace.String()})
	}
	w := c.App.Writer
	if len(problems) > 0 {
		fmt.Fprintf(w, "validation:\n  %s\n", strings.Join(problems, "\n  "))
	} else {
		printFacts(w, input, x.Facts)
	}
	printStages(w, d)
	fmt.Fprintf(w, "decision: %s\n", decisionLine(d, useColor(c)))
	if trace.Len() > 0 {
		fmt.Fprintf(w, "\ntrace:\n%s", trace.String())
	}
	return nil
}

// explain decides the call as check does and keeps what the policy saw;
// a traced explanation is the policy's own answer, as OPA traced it.
func explain(ctx context.Context, e *engine.Engine, call engine.Call, trace io.Writer) (engine.Explanation, error) {
	if trace != nil {
		return e.Explain(ctx, call, trace)
	}
	var x engine.Explanation
	core := func(ctx context.Context, call engine.Call) (engine.Decision, error) {
		var err error
		x, err = e.Explain(ctx, call, nil)
		return x.Decision, err
	}
	d, err := pipeline.Around(core, e.Settings(), nil, checkMiddleware(e.Settings())...)(ctx, call)
	x.Decision = d
	return x, err
}

// printFacts prints what the policy saw: the call, then its facts.
func printFacts(w io.Writer, input map[string]any, facts *engine.Facts) {
	fmt.Fprintf(w, "call: %v  mode: %v  cwd: %v\n", input["tool"], input["mode"], input["cwd"])
	if len(facts.Commands) > 0 {
		fmt.Fprintln(w, "commands:")
		for _, c := range facts.Commands {
			tags := []string{}
			for _, tag := range []struct {
				on   bool
				name string
			}{{c.ReadOnly, "read-only"}, {c.Nested, "nested"}, {c.ExecWrapper, "exec-wrapper"}} {
				if tag.on {
					tags = append(tags, tag.name)
				}
			}
			if by := c.ReadOnlyBy; by != nil {
				tags = append(tags, fmt.Sprintf("by %v (%v:%v)", by.Entry, by.File, by.Line))
			}
			if c.Origin != "" {
				tags = append(tags, "from "+c.Origin)
			}
			fmt.Fprintf(w, "  narrow: %-30q wide: %-30q %s\n", c.Narrow.Text, c.Wide.Text, strings.Join(tags, " "))
			if c.OptionForm != "" {
				// What a rule with options met: the options as the program reads them.
				fmt.Fprintf(w, "          options: %q\n", c.OptionForm)
			}
		}
	}
	if len(facts.Files) > 0 {
		fmt.Fprintln(w, "files:")
		for _, f := range facts.Files {
			extra := ""
			if f.Resolved != f.Path {
				extra = " -> " + f.Resolved
			}
			fmt.Fprintf(w, "  %-5v %v%s (via %v)\n", f.Access, f.Path, extra, f.Via)
		}
	}
	if len(facts.Unresolved) > 0 {
		fmt.Fprintln(w, "unresolved:")
		for _, u := range facts.Unresolved {
			fmt.Fprintf(w, "  %v: %v\n", u.Reason, u.Text)
		}
	}
	if u := facts.URL; u != nil {
		fmt.Fprintf(w, "url: scheme=%v host=%v\n", u.Scheme, u.Host)
	}
	if m := facts.MCP; m != nil {
		fmt.Fprintf(w, "mcp: server=%v tool=%v\n", m.Server, m.Tool)
	}
}

// printStages lists every stage in order with what matched there.
func printStages(w io.Writer, d engine.Decision) {
	fmt.Fprintln(w, "stages:")
	for _, stage := range engine.PolicyStages {
		var lines []string
		for _, m := range d.Matches {
			if m.Stage != stage {
				continue
			}
			if m.RuleRef != nil {
				lines = append(lines, fmt.Sprintf("%s  %s %s", m.Text, m.Source, m.Location()))
			} else {
				lines = append(lines, strings.TrimSpace(m.Decision.String()+" "+m.Reason))
			}
		}
		mark := "  "
		if stage == d.Stage {
			mark = "=>"
		}
		if len(lines) == 0 {
			fmt.Fprintf(w, "%s %-7s (nothing)\n", mark, stage)
			continue
		}
		for i, l := range lines {
			label := stage.String()
			if i > 0 {
				label, mark = "", "  "
			}
			fmt.Fprintf(w, "%s %-7s %s\n", mark, label, l)
		}
	}
	if d.Stage != 0 && !d.Stage.Listed() {
		fmt.Fprintf(w, "=> %-7s %s\n", d.Stage, d.Reason)
	}
}
