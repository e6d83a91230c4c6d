package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/open-policy-agent/opa/v1/rego"

	"github.com/agentctl/agentctl/settings"
)

// loadLarge loads an org policy of n rules written by largePolicy (n = 1:
// a single CLI rule, the same decision pipeline with a one-rule policy),
// decided by the native evaluator.
func loadLarge(b testing.TB, n int) *Engine {
	return loadLargeWith(b, n, EvalNative)
}

// loadLargeWith is loadLarge with the given evaluator.
func loadLargeWith(b testing.TB, n int, ev Evaluator) *Engine {
	dir := b.TempDir()
	if n == 1 {
		os.MkdirAll(filepath.Join(dir, "project"), 0o755)
		s, err := settings.Load(settings.Options{Cwd: filepath.Join(dir, "project"), Home: filepath.Join(dir, "home"),
			ManagedFile: filepath.Join(dir, "none.json"), AllowedTools: []string{"Bash(npm run test *)"}})
		if err != nil {
			b.Fatal(err)
		}
		e, err := New(context.Background(), s, WithEvaluator(ev))
		if err != nil {
			b.Fatal(err)
		}
		return e
	}
	cli := largePolicy(b, dir, n)
	s, err := settings.Load(settings.Options{
		Cwd: filepath.Join(dir, "project"), Home: filepath.Join(dir, "home"),
		ManagedFile: filepath.Join(dir, "managed", "managed-settings.json"), AllowedTools: cli,
	})
	if err != nil {
		b.Fatal(err)
	}
	if len(s.Rules) < n {
		b.Fatalf("%d rules, want ≥ %d", len(s.Rules), n)
	}
	e, err := New(context.Background(), s, WithEvaluator(ev))
	if err != nil {
		b.Fatal(err)
	}
	return e
}

func benchCalls(cwd string) map[string]Call {
	return map[string]Call{
		"Read":  {Tool: "Read", Input: map[string]any{"file_path": cwd + "/src/main.go"}},
		"Edit":  {Tool: "Edit", Input: map[string]any{"file_path": cwd + "/src/mod3/x.go", "old_string": "a", "new_string": "b"}},
		"Bash5": {Tool: "Bash", Input: map[string]any{"command": "cd src && npm run test -- --watch | tee out.log; git diff HEAD~1 > /dev/null || echo failed"}},
		"MCP":   {Tool: "mcp__server7__op357", Input: map[string]any{"q": "x"}},
	}
}

// benchBareEval is the baseline every decision is weighed against: a bare
// prepared eval of a one-rule Rego policy.
func benchBareEval(b *testing.B) {
	ctx := context.Background()
	pq, err := rego.New(rego.Query("data.x.allow"), rego.Module("x.rego",
		"package x\n\nallow if input.tool == \"Bash\"\n")).PrepareForEval(ctx)
	if err != nil {
		b.Fatal(err)
	}
	input := map[string]any{"tool": "Bash", "input": map[string]any{"command": "ls"}}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := pq.Eval(ctx, rego.EvalInput(input)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecide measures a decision (Decide: validation, facts, eval) over
// the ~1,000-rule org policy, next to baselines in the same run: a bare
// prepared eval of agentctl's decision query over a one-rule policy (input
// precomputed), the same Decide over that one-rule policy (rules=1), and a
// minimal one-rule Rego policy for scale; plus 100 and 10,000 rules (the
// scaling ratio).
func BenchmarkDecide(b *testing.B) {
	ctx := context.Background()
	b.Run("baseline-bare-rego-one-rule", benchBareEval)
	// The bare prepared eval of the one-rule policy: the same query and
	// modules, input computed once outside the loop.
	one := loadLarge(b, 1)
	for _, name := range []string{"Read", "Edit", "Bash5", "MCP"} {
		input, problems := one.Input(benchCalls(one.settings.Cwd)[name])
		if len(problems) > 0 {
			b.Fatal(problems)
		}
		pq, err := one.regoQuery(ctx)
		if err != nil {
			b.Fatal(err)
		}
		b.Run("baseline-prepared-eval-one-rule-policy/"+name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := pq.Eval(ctx, rego.EvalInput(input)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	for _, n := range []int{1, 100, 1000, 10000} {
		e := loadLarge(b, n)
		calls := benchCalls(e.settings.Cwd)
		for _, name := range []string{"Read", "Edit", "Bash5", "MCP"} {
			call := calls[name]
			b.Run(fmt.Sprintf("rules=%d/%s", n, name), func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					if _, err := e.Decide(ctx, call); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// TestDecideLatencyDistribution reports median and p99 of single decisions
// over the large policy (figures for the closing note; it asserts only that
// every decision is made, never a timing).
func TestDecideLatencyDistribution(t *testing.T) {
	if os.Getenv("AGENTCTL_LATENCY") == "" {
		t.Skip("set AGENTCTL_LATENCY=1 to print latency percentiles")
	}
	ctx := context.Background()
	// The bare eval measured the same way: it makes no system call, so a
	// p99 it shares with the decisions is the machine's, not agentctl's.
	pq, err := rego.New(rego.Query("data.x.allow"), rego.Module("x.rego",
		"package x\n\nallow if input.tool == \"Bash\"\n")).PrepareForEval(ctx)
	if err != nil {
		t.Fatal(err)
	}
	bare := map[string]any{"tool": "Bash", "input": map[string]any{"command": "ls"}}
	logLatency(t, "bare", func() error { _, err := pq.Eval(ctx, rego.EvalInput(bare)); return err })
	e := loadLarge(t, 1000)
	for name, call := range benchCalls(e.settings.Cwd) {
		logLatency(t, name, func() error { _, err := e.Decide(ctx, call); return err })
	}
}

// logLatency logs median and p99 of 2,000 runs of f, in steady state: the
// garbage made before is collected first, so its collection is not charged
// to the runs.
func logLatency(t *testing.T, name string, f func() error) {
	runtime.GC()
	ds := make([]time.Duration, 0, 2000)
	for i := 0; i < 2000; i++ {
		start := time.Now()
		if err := f(); err != nil {
			t.Fatal(err)
		}
		ds = append(ds, time.Since(start))
	}
	slices.Sort(ds)
	t.Logf("%-6s median %v p99 %v", name, ds[len(ds)/2], ds[len(ds)*99/100])
}
