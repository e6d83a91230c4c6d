package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
)

// Evaluator names which implementation of the built-in stages decides an
// embedded call.
type Evaluator string

// Evaluators. Native is the default; Rego runs the bundle's modules on
// the embedded OPA; Both runs the two and fails closed when they differ.
const (
	EvalNative Evaluator = "native"
	EvalRego   Evaluator = "rego"
	EvalBoth   Evaluator = "both"
)

// EvaluatorEnv is the environment variable that picks the evaluator
// (rego, native or both) when no WithEvaluator option does.
const EvaluatorEnv = "AGENTCTL_EVALUATOR"

// ErrNeedsOPA is returned by New in a build without OPA (the lean hook
// binary, built with the agentctl_lean tag) when the configuration needs
// it: custom Rego modules, the rego or both evaluator, a trace. Callers
// hand such a call to the full binary.
var ErrNeedsOPA = errors.New("this agentctl build has no OPA: custom Rego modules, the rego evaluator and traces need the full agentctl binary")

// ErrEvaluatorsDiffer is returned (with a fail-closed deny) when the
// native and the Rego evaluator decide a call differently under EvalBoth.
var ErrEvaluatorsDiffer = errors.New("evaluators differ")

// WithEvaluator picks the evaluator (default: $AGENTCTL_EVALUATOR, else
// native). Custom org modules always run on OPA, and --opa-url always
// evaluates remotely.
func WithEvaluator(ev Evaluator) Option {
	return func(c *config) error {
		switch ev {
		case EvalNative, EvalRego, EvalBoth:
			c.evaluator = ev
			return nil
		}
		return fmt.Errorf("evaluator %q: expected rego, native or both", ev)
	}
}

// evaluatorFromEnv reads AGENTCTL_EVALUATOR ("" means native).
func evaluatorFromEnv() (Evaluator, error) {
	v := strings.TrimSpace(os.Getenv(EvaluatorEnv))
	switch ev := Evaluator(v); ev {
	case "":
		return EvalNative, nil
	case EvalNative, EvalRego, EvalBoth:
		return ev, nil
	}
	return "", fmt.Errorf("%s=%q: expected rego, native or both", EvaluatorEnv, v)
}

// evaluate decides a call with the configured evaluator; meta, when not
// nil, gets what an OPA server says besides the result (for the log).
func (e *Engine) evaluate(ctx context.Context, in *callInput, meta *remoteMeta) (Decision, error) {
	if err := ctx.Err(); err != nil {
		return Decision{}, err
	}
	switch {
	case e.remote != "":
		return e.evalRemote(ctx, in.toMap(), meta)
	case e.evaluator == EvalRego:
		return e.evalRego(ctx, in)
	case e.evaluator == EvalBoth:
		return e.evalBoth(ctx, in)
	}
	return e.evalNative(ctx, in)
}

// evalNative decides with the native evaluator; custom org modules, when
// there are any, are asked through their own small prepared query.
func (e *Engine) evalNative(ctx context.Context, in *callInput) (Decision, error) {
	return e.native.decide(in, e.customFunc(ctx, in))
}

// evalBoth decides with both evaluators and fails closed when the
// decisions (or their errors) differ.
func (e *Engine) evalBoth(ctx context.Context, in *callInput) (Decision, error) {
	rd, rerr := e.evalRego(ctx, in)
	nd, nerr := e.evalNative(ctx, in)
	if rerr != nil && nerr != nil {
		return rd, rerr
	}
	ra, na := describeOutcome(rd, rerr), describeOutcome(nd, nerr)
	if rerr == nil && nerr == nil && ra == na {
		return rd, nil
	}
	d := Decision{Decision: Deny, Stage: StageError, Matches: []Match{}, ToolName: in.Tool,
		Reason: fmt.Sprintf("evaluators differ: rego %s; native %s", ra, na)}
	return d, fmt.Errorf("%w: rego %s; native %s", ErrEvaluatorsDiffer, ra, na)
}

// describeOutcome is a decision as JSON, or the error.
func describeOutcome(d Decision, err error) string {
	if err != nil {
		return "error: " + err.Error()
	}
	b, merr := json.Marshal(d)
	if merr != nil {
		return "error: " + merr.Error()
	}
	return string(b)
}
