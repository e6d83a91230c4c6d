package pipeline_test

import (
	"context"
	"fmt"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/pipeline"
)

// A middleware sees each call before the engine and its decision after;
// the first in the chain is the outermost. Here one counts the calls that
// reach the policy and another turns every ask into a deny, as a
// non-interactive caller might.
func ExampleChain() {
	core := func(_ context.Context, call engine.Call) (engine.Decision, error) {
		if call.Input["command"] == "ls" {
			return engine.Decision{Decision: engine.Allow, Stage: engine.StageMode}, nil
		}
		return engine.Decision{Decision: engine.Ask, Stage: engine.StageDefault}, nil
	}
	calls := 0
	count := func(next pipeline.DecideFunc) pipeline.DecideFunc {
		return func(ctx context.Context, call engine.Call) (engine.Decision, error) {
			calls++
			return next(ctx, call)
		}
	}
	noAsk := func(next pipeline.DecideFunc) pipeline.DecideFunc {
		return func(ctx context.Context, call engine.Call) (engine.Decision, error) {
			d, err := next(ctx, call)
			if err == nil && d.Decision == engine.Ask {
				d.Decision, d.Reason = engine.Deny, "nobody can answer: "+d.Reason
			}
			return d, err
		}
	}
	dec := pipeline.Chain(core, count, noAsk)
	for _, cmd := range []string{"ls", "make deploy"} {
		d, _ := dec.Decide(context.Background(), engine.Call{Tool: "Bash", Input: map[string]any{"command": cmd}})
		fmt.Println(cmd+":", d.Decision)
	}
	fmt.Println("calls:", calls)
	// Output:
	// ls: allow
	// make deploy: deny
	// calls: 2
}
