package pipeline

import (
	"context"

	"github.com/agentctl/agentctl/engine"
)

// DecisionLog writes the decision log (engine.WithDecisionLog) after the
// middleware inside it has had its say: the engine evaluates, the
// auto-mode classifier may answer a fallback ask, and the log records the
// final answer with the input the policy saw (engine.DeferLog). A decision
// that cannot be logged is a fail-closed deny with an error matching
// engine.ErrDecisionLog; onFail, when not nil, is told too, so that a
// session stops rather than go on unaudited.
func DecisionLog(onFail func(error)) Middleware {
	return func(next DecideFunc) DecideFunc {
		return func(ctx context.Context, call engine.Call) (engine.Decision, error) {
			ctx, pending := engine.DeferLog(ctx)
			d, err := next(ctx, call)
			if err != nil {
				return d, err
			}
			d, err = pending.Write(d)
			if err != nil && onFail != nil {
				onFail(err)
			}
			return d, err
		}
	}
}
