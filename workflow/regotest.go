package workflow

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/storage/inmem"
	"github.com/open-policy-agent/opa/v1/tester"

	"github.com/agentctl/agentctl/engine"
)

// RegoResult is the outcome of one test_* rule of a custom module's tests.
type RegoResult struct {
	// Name is the rule's full name (data.agentctl.custom_test.test_x).
	Name     string        `json:"name"`
	File     string        `json:"file"`
	Line     int           `json:"line"`
	Pass     bool          `json:"pass"`
	Skip     bool          `json:"skip,omitempty"`
	Error    string        `json:"error,omitempty"`
	Duration time.Duration `json:"duration_ns"`
}

// Location is the rule's file:line.
func (r RegoResult) Location() string { return fmt.Sprintf("%s:%d", r.File, r.Line) }

// RunRegoTests runs the test_* rules of the *_test.rego files in policyDir
// against the compiled bundle (agentctl's modules, the custom modules, the
// decision log's system.log modules and the settings as data), as `opa
// test` would. No test file, no result.
func RunRegoTests(ctx context.Context, b *engine.Bundle, policyDir string) ([]RegoResult, error) {
	if policyDir == "" {
		return nil, nil
	}
	entries, err := os.ReadDir(policyDir)
	if err != nil {
		return nil, err
	}
	modules := map[string]*ast.Module{}
	tests := 0
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), "_test.rego") {
			continue
		}
		path := filepath.Join(policyDir, e.Name())
		src, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		m, err := ast.ParseModuleWithOpts(path, string(src), ast.ParserOptions{RegoVersion: ast.RegoV1})
		if err != nil {
			return nil, fmt.Errorf("%w: %w", engine.ErrPolicy, err)
		}
		modules[path] = m
		tests++
	}
	if tests == 0 {
		return nil, nil
	}
	for _, set := range []map[string]string{b.Modules, b.LogModules()} {
		for name, src := range set {
			m, err := ast.ParseModuleWithOpts(name, src, ast.ParserOptions{RegoVersion: ast.RegoV1})
			if err != nil {
				return nil, fmt.Errorf("%w: %s: %w", engine.ErrPolicy, name, err)
			}
			modules[name] = m
		}
	}
	store := inmem.NewFromObject(b.Data())
	ch, err := tester.NewRunner().SetStore(store).SetModules(modules).
		SetDefaultRegoVersion(ast.RegoV1).RunTests(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", engine.ErrPolicy, err)
	}
	var out []RegoResult
	for r := range ch {
		rr := RegoResult{Name: r.Package + "." + r.Name, Pass: r.Pass(), Skip: r.Skip, Duration: r.Duration}
		if r.Location != nil {
			rr.File, rr.Line = r.Location.File, r.Location.Row
		}
		if r.Error != nil {
			rr.Error = r.Error.Error()
		}
		out = append(out, rr)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].File != out[j].File {
			return out[i].File < out[j].File
		}
		return out[i].Line < out[j].Line
	})
	return out, nil
}
