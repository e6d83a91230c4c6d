package pipeline

import (
	"context"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/settings"
)

// Decider decides whether a call may run: the engine, or a chain of
// middleware around it (a DecideFunc).
type Decider interface {
	Decide(ctx context.Context, call engine.Call) (engine.Decision, error)
}

// DecideFunc decides one call. The engine's Decide is one; a Middleware
// makes one out of another.
type DecideFunc func(ctx context.Context, call engine.Call) (engine.Decision, error)

// Decide calls f, so that a DecideFunc is a Decider (as an
// http.HandlerFunc is an http.Handler).
func (f DecideFunc) Decide(ctx context.Context, call engine.Call) (engine.Decision, error) {
	return f(ctx, call)
}

// Middleware is what runs around a decision without being the decision
// itself (ARCHITECTURE.md, "Data flows one way"): it gets the call before
// next and may change next's answer, in the style of mvdan.cc/sh's
// interp.ExecHandlers. The engine stays validate, facts, evaluate.
type Middleware func(next DecideFunc) DecideFunc

// Chain wraps core in mws. The first middleware is the outermost: the
// first to see a call and the last to see its decision.
func Chain(core DecideFunc, mws ...Middleware) DecideFunc {
	for i := len(mws) - 1; i >= 0; i-- {
		core = mws[i](core)
	}
	return core
}

// Around is the chain every command decides through: the decision log
// outermost, so that it records the answer that is acted on; inside it the
// auto-mode classifier of s, which may answer what the policy left as the
// fallback ask; core — the engine, or a session's rules — at the centre.
// onLogFailure (may be nil) is told about a decision that could not be
// logged (see DecisionLog). inner run between the log and the classifier
// (PreToolHooks, for a decision made outside a session).
func Around(core DecideFunc, s *settings.Settings, onLogFailure func(error), inner ...Middleware) DecideFunc {
	mws := append([]Middleware{DecisionLog(onLogFailure)}, inner...)
	return Chain(core, append(mws, AutoClassifier(s))...)
}
