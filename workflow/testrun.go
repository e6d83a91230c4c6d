package workflow

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/agentctl/agentctl/engine"
)

// Decider decides one call; *engine.Engine is one. Implementations used
// by the workflows must be safe for concurrent use.
type Decider interface {
	Decide(ctx context.Context, call engine.Call) (engine.Decision, error)
}

// CaseResult is the outcome of one test case.
type CaseResult struct {
	Case     Case            `json:"case"`
	Pass     bool            `json:"pass"`
	Got      engine.Decision `json:"got"`
	Failures []string        `json:"failures,omitempty"`
	Duration time.Duration   `json:"duration_ns"`
}

// Location is the case's file:line.
func (r CaseResult) Location() string { return fmt.Sprintf("%s:%d", r.Case.File, r.Case.Line) }

// RunCase decides one case and compares the decision with what the case
// expects. baseCwd is the cwd relative case cwds start from. An error
// means the call could not be laid out or decided. It is safe for
// concurrent use when d is.
func RunCase(ctx context.Context, d Decider, baseCwd string, c Case) (CaseResult, error) {
	start := time.Now()
	res := CaseResult{Case: c}
	cwd, root := baseCwd, baseCwd
	if len(c.Files) > 0 {
		// Inside the settings' cwd, so that rules anchored there (a bare
		// Read(.env) matches at any depth under it) reach the files.
		dir, err := os.MkdirTemp(baseCwd, ".agentctl-test-")
		if err != nil {
			return res, err
		}
		defer os.RemoveAll(dir)
		if dir, err = filepath.EvalSymlinks(dir); err != nil {
			return res, err
		}
		if err := layOut(dir, c.Files); err != nil {
			return res, fmt.Errorf("%s:%d: case %q: %w", c.File, c.Line, c.Name, err)
		}
		cwd, root = dir, dir
	}
	if c.Cwd != "" {
		// Relative to the laid-out files, else to the settings' cwd.
		cwd = c.Cwd
		if !filepath.IsAbs(cwd) {
			cwd = filepath.Join(root, cwd)
		}
	}
	input, err := substituteCwd(c.Input, cwd)
	if err != nil {
		return res, fmt.Errorf("%s:%d: case %q: input: %w", c.File, c.Line, c.Name, err)
	}
	call := engine.Call{Tool: c.Tool, Input: input, Mode: c.Mode}
	if cwd != baseCwd {
		call.Cwd = cwd
	}
	got, err := d.Decide(ctx, call)
	if err != nil {
		return res, fmt.Errorf("%s:%d: case %q: %w", c.File, c.Line, c.Name, err)
	}
	res.Got = got
	res.Failures = compare(c, got)
	res.Pass = len(res.Failures) == 0
	res.Duration = time.Since(start)
	return res, nil
}

// compare lists how a decision differs from the case's expectations.
func compare(c Case, got engine.Decision) []string {
	var out []string
	if got.Decision.String() != c.Decision {
		out = append(out, fmt.Sprintf("decision: want %s, got %s", c.Decision, got.Decision))
	}
	if c.Stage != "" && got.Stage.String() != c.Stage {
		out = append(out, fmt.Sprintf("stage: want %s, got %s", c.Stage, got.Stage))
	}
	rule, source := "", ""
	if got.Rule != nil {
		rule, source = got.Rule.Text, got.Rule.Source
	}
	if c.Rule != "" && rule != c.Rule {
		out = append(out, fmt.Sprintf("rule: want %s, got %s", c.Rule, orNone(rule)))
	}
	if c.Source != "" && source != c.Source {
		out = append(out, fmt.Sprintf("source: want %s, got %s", c.Source, orNone(source)))
	}
	return out
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// DecidedBy describes what decided: "rule TEXT SOURCE FILE:LINE" or
// "stage NAME", as check prints it.
func DecidedBy(d engine.Decision) string {
	if d.Rule != nil {
		return fmt.Sprintf("rule %s %s %s", d.Rule.Text, d.Rule.Source, d.Rule.Location())
	}
	return "stage " + d.Stage.String()
}

// layOut writes a case's files under dir; paths must stay inside it.
func layOut(dir string, files map[string]FileSpec) error {
	for rel, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if p != dir && !strings.HasPrefix(p, dir+string(filepath.Separator)) {
			return fmt.Errorf("file %q: outside the case directory", rel)
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		var err error
		if f.Symlink != "" {
			err = os.Symlink(strings.ReplaceAll(f.Symlink, "${CWD}", dir), p)
		} else {
			err = os.WriteFile(p, []byte(f.Content), 0o644)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// substituteCwd returns a JSON-normalised copy of input (numbers become
// float64, as the API delivers them) with ${CWD} replaced in every string.
func substituteCwd(input map[string]any, cwd string) (map[string]any, error) {
	raw, err := json.Marshal(input)
	if err != nil {
		return nil, err
	}
	var out map[string]any
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, err
	}
	return replaceStrings(out, func(s string) string { return strings.ReplaceAll(s, "${CWD}", cwd) }).(map[string]any), nil
}

// replaceStrings applies f to every string of a decoded JSON value.
func replaceStrings(v any, f func(string) string) any {
	switch x := v.(type) {
	case string:
		return f(x)
	case map[string]any:
		for k, e := range x {
			x[k] = replaceStrings(e, f)
		}
		return x
	case []any:
		for i, e := range x {
			x[i] = replaceStrings(e, f)
		}
		return x
	}
	return v
}
