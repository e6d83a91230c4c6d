//go:build !agentctl_lean

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"github.com/agentctl/agentctl/settings"
	"github.com/agentctl/agentctl/tools"
)

func toolsCommand() *cli.Command {
	return &cli.Command{
		Name:  "tools",
		Usage: "list the tool pool or print tool definitions",
		Subcommands: []*cli.Command{
			{
				Name:  "list",
				Usage: "list tools: read-only, concurrency-safe, enabled (and what disabled it)",
				UsageText: `agentctl tools list [--output json]

Examples:
   agentctl tools list
   agentctl --disallowed-tools WebFetch tools list --output json`,
				Flags:  withGlobals(),
				Action: toolsList,
			},
			{
				Name:      "schema",
				Usage:     "print the API tool definitions ({name, description, input_schema}) as JSON",
				ArgsUsage: "[NAME]",
				UsageText: `agentctl tools schema [NAME]

Examples:
   agentctl tools schema
   agentctl tools schema Bash`,
				Flags:  withGlobals(),
				Action: toolsSchema,
			},
		},
	}
}

// denyFunc finds the deny rule that removes a whole tool from the pool.
func denyFunc(s *settings.Settings) tools.DenyFunc {
	return func(name string) (string, bool) {
		if r, ok := s.DeniesTool(name); ok {
			return fmt.Sprintf("%s (%s %s)", r.Text, r.Source, r.Pos), true
		}
		return "", false
	}
}

type toolRow struct {
	Name            string `json:"name"`
	ReadOnly        bool   `json:"read_only"`
	ConcurrencySafe bool   `json:"concurrency_safe"`
	Enabled         bool   `json:"enabled"`
	DisabledBy      string `json:"disabled_by,omitempty"`
}

func toolsList(c *cli.Context) error {
	s, err := loadSettings(c)
	if err != nil {
		return err
	}
	servers, mcpTools, stopMCP, err := mcpServers(context.Background(), c)
	if err != nil {
		return err
	}
	defer stopMCP()
	var size int
	all := tools.AllBase(tools.FeaturesFromEnv(), func() int { return size })
	kept, dropped := tools.Enabled(all, denyFunc(s))
	keptMCP, droppedMCP := tools.Enabled(mcpTools, denyFunc(s))
	dropped = append(dropped, droppedMCP...)
	size = len(kept) + len(keptMCP)
	var rows []toolRow
	for _, t := range tools.AssemblePool(kept, keptMCP) {
		rows = append(rows, toolRow{t.Name(), t.IsReadOnly(nil), t.IsConcurrencySafe(nil), true, ""})
	}
	for _, d := range dropped {
		rows = append(rows, toolRow{d.Tool.Name(), d.Tool.IsReadOnly(nil), d.Tool.IsConcurrencySafe(nil), false, d.Reason})
	}
	for _, name := range []string{"WebSearch", "EnterWorktree", "ExitWorktree"} {
		if _, ok := tools.Find(all, name); !ok {
			rows = append(rows, toolRow{Name: name, DisabledBy: "feature gate " + map[string]string{
				"WebSearch": "websearch (AGENTCTL_WEBSEARCH_URL)", "EnterWorktree": "worktrees (git)", "ExitWorktree": "worktrees (git)"}[name]})
		}
	}
	for _, srv := range servers {
		if srv.Status != "connected" {
			rows = append(rows, toolRow{Name: "mcp__" + srv.Name + "__*", DisabledBy: "MCP server failed: " + srv.Error})
		}
	}
	asJSON, err := jsonOutput(c)
	if err != nil {
		return err
	}
	if asJSON {
		return json.NewEncoder(c.App.Writer).Encode(rows)
	}
	w := tabwriter.NewWriter(c.App.Writer, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "NAME\tREAD-ONLY\tCONCURRENCY-SAFE\tENABLED")
	yn := map[bool]string{true: "yes", false: "no"}
	for _, r := range rows {
		en := yn[r.Enabled]
		if !r.Enabled {
			en = "no: " + r.DisabledBy
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", r.Name, yn[r.ReadOnly], yn[r.ConcurrencySafe], en)
	}
	return w.Flush()
}

func toolsSchema(c *cli.Context) error {
	_, mcpTools, stopMCP, err := mcpServers(context.Background(), c)
	if err != nil {
		return err
	}
	defer stopMCP()
	pool := tools.AssemblePool(tools.Catalog(), mcpTools)
	var defs []tools.Definition
	for _, t := range pool {
		if name := c.Args().First(); name != "" && t.Name() != name {
			continue
		}
		defs = append(defs, tools.DefinitionOf(t))
	}
	if len(defs) == 0 {
		return cli.Exit(fmt.Sprintf("tools schema: no tool named %q", c.Args().First()), exitError)
	}
	enc := json.NewEncoder(c.App.Writer)
	enc.SetIndent("", "  ")
	if c.NArg() > 0 {
		return enc.Encode(defs[0])
	}
	return enc.Encode(defs)
}
