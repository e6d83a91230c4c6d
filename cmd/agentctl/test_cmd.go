//go:build !agentctl_lean

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/urfave/cli/v2"

	"github.com/agentctl/agentctl/workflow"
)

func testCommand() *cli.Command {
	return &cli.Command{
		Name:      "test",
		Usage:     "run policy tests: *_test.yaml / *_test.json decision cases and the custom modules' Rego test_* rules",
		ArgsUsage: "[PATH…]",
		UsageText: `agentctl test [PATH…] [--junit FILE] [-v]

Each test file has a top-level tests: list; a case has name, tool, input and the expected
decision (allow, ask, deny), and optionally cwd, mode, files (laid out in a fresh directory that
becomes the call's cwd; ${CWD} in the input stands for it), stage, rule (text) and source.
Without PATH the test files under --cwd are run. The policy is the effective settings plus
--policy DIR, as for check; the *_test.rego files of --policy DIR run too.

Exit code: 0 every test passed, 1 a test failed or the tests could not run.

Examples:
   agentctl --cwd fixtures/workflows/project --managed-settings fixtures/workflows/managed-settings.json \
     --policy fixtures/workflows/policy test fixtures/workflows/tests
   agentctl test --junit report.xml --output json`,
		Flags: withGlobals(
			&cli.StringFlag{Name: "junit", Usage: "also write JUnit XML to `FILE`"},
			&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Usage: "list passing tests too"},
		),
		Action: testAction,
	}
}

func testAction(c *cli.Context) error {
	asJSON, err := jsonOutput(c)
	if err != nil {
		return err
	}
	s, e, closeLog, err := loadEngine(c)
	if err != nil {
		return err
	}
	defer closeLog()
	paths := c.Args().Slice()
	if len(paths) == 0 {
		paths = []string{s.Cwd}
	}
	files, err := workflow.FindCaseFiles(paths...)
	if err != nil {
		return cli.Exit("test: "+err.Error(), exitError)
	}
	policyDir := flagString(c, "policy")
	if len(files) == 0 && policyDir == "" {
		return cli.Exit(fmt.Sprintf("test: no *_test.yaml or *_test.json files under %v", paths), exitError)
	}
	rep, err := workflow.Test(context.Background(), decider(e), s.Cwd, files, e.Bundle(), policyDir)
	if err != nil {
		return cli.Exit("test: "+err.Error(), exitError)
	}
	if j := c.String("junit"); j != "" {
		f, err := os.Create(j)
		if err != nil {
			return cli.Exit("test: --junit: "+err.Error(), exitError)
		}
		werr := workflow.WriteJUnit(f, rep)
		if cerr := f.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			return cli.Exit("test: --junit: "+werr.Error(), exitError)
		}
	}
	if asJSON {
		enc := json.NewEncoder(c.App.Writer)
		enc.SetIndent("", "  ")
		err = enc.Encode(rep)
	} else {
		err = rep.WriteText(c.App.Writer, c.Bool("verbose"))
	}
	if err != nil {
		return err
	}
	if !rep.OK() {
		return cli.Exit("", exitError)
	}
	return nil
}
