package pipeline

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/agentctl/agentctl/tools"
)

// BenchmarkDispatchOverhead: one call through every stage with a no-op tool,
// no hooks and an allow-all decider: the pipeline's own cost.
func BenchmarkDispatchOverhead(b *testing.B) {
	noop := probe("Noop", true, func(context.Context, tools.Input) (tools.Result, error) { return tools.Result{Data: "ok"}, nil })
	s, _ := NewSession(&tools.Context{Cwd: b.TempDir(), SessionDir: b.TempDir()}, allowAll{}, WithPool([]tools.Tool{noop}))
	use := ToolUse{ID: "t", Name: "Noop", Input: map[string]any{"x": "y"}}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		ex := s.NewExecutor(context.Background())
		ex.Add(use)
		ex.Wait()
	}
}

// BenchmarkParallelCalls: ten concurrency-safe 50 ms calls against one; the
// ratio metric is ten/one (target ≤ 1.3).
func BenchmarkParallelCalls(b *testing.B) {
	work := probe("Work", true, func(ctx context.Context, _ tools.Input) (tools.Result, error) {
		time.Sleep(50 * time.Millisecond) // the tool's own work
		return tools.Result{Data: "done"}, nil
	})
	s, _ := NewSession(&tools.Context{Cwd: b.TempDir(), SessionDir: b.TempDir()}, allowAll{}, WithPool([]tools.Tool{work}))
	run := func(n int) time.Duration {
		start := time.Now()
		ex := s.NewExecutor(context.Background())
		for i := 0; i < n; i++ {
			ex.Add(ToolUse{ID: fmt.Sprint(i), Name: "Work"})
		}
		ex.Wait()
		return time.Since(start)
	}
	var one, ten time.Duration
	for i := 0; i < b.N; i++ {
		one += run(1)
		ten += run(10)
	}
	b.ReportMetric(float64(ten)/float64(one), "ten/one")
	b.ReportMetric(float64(ten.Milliseconds())/float64(b.N), "ten-ms/op")
}

// BenchmarkStreamStart: time from writing content_block_stop to the tool
// starting (target ≤ 1 ms).
func BenchmarkStreamStart(b *testing.B) {
	started := make(chan time.Time, 1)
	p := probe("P", true, func(context.Context, tools.Input) (tools.Result, error) {
		started <- time.Now()
		return tools.Result{}, nil
	})
	s, _ := NewSession(&tools.Context{Cwd: b.TempDir(), SessionDir: b.TempDir()}, allowAll{}, WithPool([]tools.Tool{p}))
	var total time.Duration
	for i := 0; i < b.N; i++ {
		pr, pw := newPipe()
		ex := s.NewExecutor(context.Background())
		done := make(chan struct{})
		go func() { _, _ = ReadStream(pr, ex.Add); close(done) }()
		fmt.Fprint(pw, sse("content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t","name":"P","input":{}}}`))
		fmt.Fprint(pw, sse("content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{}"}}`))
		stop := time.Now()
		fmt.Fprint(pw, sse("content_block_stop", `{"type":"content_block_stop","index":0}`))
		total += (<-started).Sub(stop)
		pw.Close()
		<-done
		ex.Wait()
	}
	b.ReportMetric(float64(total.Microseconds())/float64(b.N), "start-µs/op")
}
