//go:build !agentctl_lean

package engine

import (
	"context"
	"errors"
	"io"

	"github.com/open-policy-agent/opa/v1/rego"
	"github.com/open-policy-agent/opa/v1/topdown"
)

// Trace evaluates the call with OPA's tracer on and returns the decision
// and the pretty-printed trace (notes and failures only when filtered).
func (e *Engine) Trace(ctx context.Context, call Call, w io.Writer) (Decision, error) {
	input, problems := e.Input(call)
	if len(problems) > 0 {
		return Invalid(call.Tool, problems...), nil
	}
	return e.traceInput(ctx, call.Tool, input, w)
}

func (e *Engine) traceInput(ctx context.Context, tool string, input map[string]any, w io.Writer) (Decision, error) {
	if e.remote != "" {
		return Decision{}, errors.New("--trace needs embedded evaluation (drop --opa-url)")
	}
	pq, err := e.regoQuery(ctx)
	if err != nil {
		return denyError(tool, err), err
	}
	tracer := topdown.NewBufferTracer()
	rs, err := pq.Eval(ctx, rego.EvalInput(input), rego.EvalQueryTracer(tracer))
	if err != nil {
		return denyError(tool, err), err
	}
	topdown.PrettyTraceWithLocation(w, *tracer)
	return resultDecision(rs)
}

func resultDecision(rs rego.ResultSet) (Decision, error) {
	if len(rs) == 0 || len(rs[0].Expressions) == 0 {
		return Decision{}, ErrUndefined
	}
	return parseDecision(rs[0].Expressions[0].Value)
}
