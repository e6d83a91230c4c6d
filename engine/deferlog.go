package engine

import (
	"context"
	"time"
)

// pendingKey is the context key of a PendingLog.
type pendingKey struct{}

// PendingLog is the decision-log line of one call, held back until the
// final decision is known. Middleware around Decide (the pipeline's
// auto-mode classifier) may still change the engine's answer, and the log
// must record the answer that was acted on, with the input the policy saw:
// DeferLog puts a PendingLog in the context (as net/http/httptrace puts a
// ClientTrace there), Decide fills it instead of writing, and the
// outermost middleware calls Write. A Decide without one logs as before.
// A PendingLog serves one call: it is not safe for concurrent use.
type PendingLog struct {
	ctx  context.Context
	e    *Engine
	tool string
	in   *callInput
	meta *remoteMeta
	took time.Duration
}

// DeferLog returns a context under which Decide and Explain leave their
// decision-log line in the returned PendingLog instead of writing it.
func DeferLog(ctx context.Context) (context.Context, *PendingLog) {
	p := &PendingLog{}
	return context.WithValue(ctx, pendingKey{}, p), p
}

// Write appends d, the final decision, to the decision log of the engine
// that evaluated the call (WithDecisionLog). Nothing is written when that
// engine keeps no log, or when the call never reached the policy (invalid
// input, an evaluation error): Decide logs neither. When the line cannot
// be written, Write returns a fail-closed deny and an error matching
// ErrDecisionLog, as Decide does.
func (p *PendingLog) Write(d Decision) (Decision, error) {
	if p.e == nil || p.e.log == nil {
		return d, nil
	}
	if err := p.e.log.write(p.ctx, p.e, p.in.toMap(), d, p.meta, evalMetrics(p.took)); err != nil {
		return denyError(p.tool, err), err
	}
	return d, nil
}

// logDecision writes a valid call's decision to the decision log, or
// leaves it to the PendingLog of ctx.
func (e *Engine) logDecision(ctx context.Context, tool string, in *callInput, d Decision, meta *remoteMeta,
	took time.Duration) (Decision, error) {
	if p, ok := ctx.Value(pendingKey{}).(*PendingLog); ok {
		p.ctx, p.e, p.tool, p.in, p.meta, p.took = ctx, e, tool, in, meta, took
		return d, nil
	}
	if e.log != nil {
		if err := e.log.write(ctx, e, in.toMap(), d, meta, evalMetrics(took)); err != nil {
			return denyError(tool, err), err
		}
	}
	return d, nil
}

// evalMetrics is the decision log's metrics of one evaluation, under OPA's
// name for a timer so the log reads as OPA's own (built only when a line
// is written).
func evalMetrics(took time.Duration) map[string]any {
	return map[string]any{"timer_agentctl_eval_ns": took.Nanoseconds()}
}
