package engine

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentctl/agentctl/settings"
)

// BenchmarkDecideCustom measures a decision over the ~1,000-rule policy
// with one custom org module (its own small prepared query), and the same
// calls decided by the Rego modules (evaluator=rego) for comparison. The
// baselines are BenchmarkDecide's.
func BenchmarkDecideCustom(b *testing.B) {
	ctx := context.Background()
	dir := b.TempDir()
	cli := largePolicy(b, dir, 1000)
	pol := filepath.Join(dir, "policy")
	os.MkdirAll(pol, 0o755)
	if err := os.WriteFile(filepath.Join(pol, "org.rego"), []byte(`package agentctl.custom

deny contains "no deploys from laptops" if {
	some c in input.facts.commands
	c.wide.name == "deploy"
}
`), 0o644); err != nil {
		b.Fatal(err)
	}
	s, err := settings.Load(settings.Options{Cwd: filepath.Join(dir, "project"), Home: filepath.Join(dir, "home"),
		ManagedFile: filepath.Join(dir, "managed", "managed-settings.json"), AllowedTools: cli})
	if err != nil {
		b.Fatal(err)
	}
	for _, ev := range []Evaluator{EvalNative, EvalRego} {
		e, err := New(ctx, s, WithPolicyDir(pol), WithEvaluator(ev))
		if err != nil {
			b.Fatal(err)
		}
		calls := benchCalls(s.Cwd)
		for _, name := range []string{"Read", "Edit", "Bash5", "MCP"} {
			call := calls[name]
			b.Run(string(ev)+"/rules=1000+custom/"+name, func(b *testing.B) {
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
