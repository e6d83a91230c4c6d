package workflow

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/agentctl/agentctl/engine"
)

// TestReport is the outcome of agentctl test: every case and every Rego
// test_* rule, with the totals.
type TestReport struct {
	Cases  []CaseResult `json:"cases"`
	Rego   []RegoResult `json:"rego"`
	Passed int          `json:"passed"`
	Failed int          `json:"failed"`
	// Skipped counts Rego tests marked todo_ (skipped by OPA).
	Skipped int `json:"skipped"`
}

// OK reports whether nothing failed.
func (r *TestReport) OK() bool { return r.Failed == 0 }

// Test runs the cases of every file under d (relative case cwds start at
// baseCwd) and, when b is not nil, the Rego tests of policyDir against it.
// An error means a file or the policy could not be used, not that a case
// failed.
func Test(ctx context.Context, d Decider, baseCwd string, files []string, b *engine.Bundle, policyDir string) (*TestReport, error) {
	r := &TestReport{Cases: []CaseResult{}, Rego: []RegoResult{}}
	for _, f := range files {
		cases, err := LoadCases(f)
		if err != nil {
			return nil, err
		}
		for _, c := range cases {
			res, err := RunCase(ctx, d, baseCwd, c)
			if err != nil {
				return nil, err
			}
			r.Cases = append(r.Cases, res)
			if res.Pass {
				r.Passed++
			} else {
				r.Failed++
			}
		}
	}
	if b != nil {
		rego, err := RunRegoTests(ctx, b, policyDir)
		if err != nil {
			return nil, err
		}
		for _, t := range rego {
			switch {
			case t.Skip:
				r.Skipped++
			case t.Pass:
				r.Passed++
			default:
				r.Failed++
			}
			r.Rego = append(r.Rego, t)
		}
	}
	return r, nil
}

// WriteText prints the report as go test does: a --- FAIL block per
// failure naming file:line, expected against got and the deciding rule;
// with verbose a --- PASS line per passing test; then the summary line.
func (r *TestReport) WriteText(w io.Writer, verbose bool) error {
	var b strings.Builder
	for _, c := range r.Cases {
		if c.Pass {
			if verbose {
				fmt.Fprintf(&b, "--- PASS: %s (%s)\n", c.Case.Name, c.Location())
			}
			continue
		}
		fmt.Fprintf(&b, "--- FAIL: %s (%s)\n", c.Case.Name, c.Location())
		for _, f := range c.Failures {
			fmt.Fprintf(&b, "    %s: %s\n", c.Location(), f)
		}
		fmt.Fprintf(&b, "    decided by %s — %s\n", DecidedBy(c.Got), c.Got.Reason)
	}
	for _, t := range r.Rego {
		switch {
		case t.Skip:
			if verbose {
				fmt.Fprintf(&b, "--- SKIP: %s (%s)\n", t.Name, t.Location())
			}
		case t.Pass:
			if verbose {
				fmt.Fprintf(&b, "--- PASS: %s (%s)\n", t.Name, t.Location())
			}
		default:
			fmt.Fprintf(&b, "--- FAIL: %s (%s)\n", t.Name, t.Location())
			msg := "test rule is false or undefined"
			if t.Error != "" {
				msg = t.Error
			}
			fmt.Fprintf(&b, "    %s: %s\n", t.Location(), msg)
		}
	}
	status := "ok"
	if !r.OK() {
		status = "FAIL"
	}
	fmt.Fprintf(&b, "%s\t%d passed, %d failed", status, r.Passed, r.Failed)
	if r.Skipped > 0 {
		fmt.Fprintf(&b, ", %d skipped", r.Skipped)
	}
	fmt.Fprintf(&b, " (%d cases, %d rego tests)\n", len(r.Cases), len(r.Rego))
	_, err := io.WriteString(w, b.String())
	return err
}
