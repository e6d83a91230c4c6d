package workflow

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/settings"
)

// fixtureEngine builds the example policy of fixtures/workflows and reads
// its recorded sessions, rebased onto the fixture project.
func fixtureEngine(tb testing.TB) (*engine.Engine, []Recorded) {
	tb.Helper()
	return fixturePolicy(tb, true)
}

// fixturePolicy is fixtureEngine with or without the custom org module.
func fixturePolicy(tb testing.TB, custom bool) (*engine.Engine, []Recorded) {
	tb.Helper()
	root, err := filepath.Abs("../fixtures/workflows")
	if err != nil {
		tb.Fatal(err)
	}
	home := tb.TempDir()
	s, err := settings.Load(settings.Options{Cwd: filepath.Join(root, "project"), Home: home,
		ManagedFile: filepath.Join(root, "managed-settings.json"), ManagedExplicit: true})
	if err != nil {
		tb.Fatal(err)
	}
	var opts []engine.Option
	if custom {
		opts = append(opts, engine.WithPolicyDir(filepath.Join(root, "policy")))
	}
	e, err := engine.New(context.Background(), s, opts...)
	if err != nil {
		tb.Fatal(err)
	}
	calls, err := ReadTranscripts([]string{filepath.Join(root, "transcripts")}, nil)
	if err != nil {
		tb.Fatal(err)
	}
	Rebase(calls, "/home/dev/webapp", filepath.Join(root, "project"))
	return e, calls
}

// BenchmarkReplay decides the recorded calls of the fixture sessions
// (repeated to 1,000 calls per iteration) and reports calls/s: every call
// decided on its own, with and without the fixture's custom org module
// (asked through OPA on every call), and with identical calls sharing a
// decision (the fixture has 19 distinct calls: an upper bound).
func BenchmarkReplay(b *testing.B) {
	for _, bc := range []struct {
		name          string
		custom, every bool
	}{
		{"every-call", true, true},
		{"every-call-settings-only", false, true},
		{"shared", true, false},
	} {
		b.Run(bc.name, func(b *testing.B) {
			e, calls := fixturePolicy(b, bc.custom)
			var batch []Recorded
			for len(batch) < 1000 {
				batch = append(batch, calls...)
			}
			batch = batch[:1000]
			ctx := context.Background()
			b.ResetTimer()
			for b.Loop() {
				if _, err := Replay(ctx, e, batch, ReplayOptions{EveryCall: bc.every}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(batch)*b.N)/b.Elapsed().Seconds(), "calls/s")
		})
	}
}

// BenchmarkReadTranscripts reads 500 copies of the fixture sessions (9,500
// calls in 1,000 files) and reports calls/s.
func BenchmarkReadTranscripts(b *testing.B) {
	dir := b.TempDir()
	src, err := filepath.Glob("../fixtures/workflows/transcripts/*.jsonl")
	if err != nil || len(src) == 0 {
		b.Fatal("no fixture transcripts", err)
	}
	for i := range 500 {
		for _, f := range src {
			data, err := os.ReadFile(f)
			if err != nil {
				b.Fatal(err)
			}
			name := fmt.Sprintf("%s-%03d.jsonl", strings.TrimSuffix(filepath.Base(f), ".jsonl"), i)
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				b.Fatal(err)
			}
		}
	}
	n := 0
	for b.Loop() {
		calls, err := ReadTranscripts([]string{dir}, nil)
		if err != nil {
			b.Fatal(err)
		}
		n += len(calls)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "calls/s")
}

// TestReplayKeepsOrder: parallel workers, the calls' order.
func TestReplayKeepsOrder(t *testing.T) {
	e, calls := fixtureEngine(t)
	rs, err := Replay(context.Background(), e, calls, ReplayOptions{Workers: 4})
	if err != nil {
		t.Fatal(err)
	}
	one, err := Replay(context.Background(), e, calls, ReplayOptions{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for i := range rs {
		if rs[i].Call.ToolUseID != calls[i].ToolUseID || rs[i].Decision.Decision != one[i].Decision.Decision {
			t.Errorf("call %d: %s %v, sequential %v", i, rs[i].Call.ToolUseID, rs[i].Decision.Decision, one[i].Decision.Decision)
		}
	}
}
