package engine

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"sort"
	"syscall"
	"testing"
	"time"

	"github.com/open-policy-agent/opa/v1/rego"
)

func cpuNow() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func perOp(n int, f func()) time.Duration {
	var out []time.Duration
	for r := 0; r < 9; r++ {
		runtime.GC()
		t := cpuNow()
		for i := 0; i < n; i++ {
			f()
		}
		out = append(out, (cpuNow()-t)/time.Duration(n))
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out[0]
}

func TestZZCPU(t *testing.T) {
	if os.Getenv("ZZ") == "" {
		t.Skip()
	}
	ctx := context.Background()
	pq, _ := rego.New(rego.Query("data.x.allow"), rego.Module("x.rego",
		"package x\n\nallow if input.tool == \"Bash\"\n")).PrepareForEval(ctx)
	input := map[string]any{"tool": "Bash", "input": map[string]any{"command": "ls"}}
	base := perOp(20000, func() { pq.Eval(ctx, rego.EvalInput(input)) })
	e := loadLarge(t, 1000)
	calls := benchCalls(e.settings.Cwd)
	fmt.Printf("base %v\n", base)
	for _, name := range []string{"Read", "Edit", "Bash5", "MCP"} {
		c := calls[name]
		d := perOp(3000, func() { e.Decide(ctx, c) })
		base = min(base, perOp(10000, func() { pq.Eval(ctx, rego.EvalInput(input)) }))
		fmt.Printf("%s %v %.2fx\n", name, d, float64(d)/float64(base))
	}
}
