package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/rego"
	"github.com/open-policy-agent/opa/v1/storage/inmem"

	regopkg "github.com/agentctl/agentctl/rego"
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

// regoEval holds the prepared decision query, compiled on first use: only
// a path that needs OPA (rego, both, trace) pays for compiling the modules.
type regoEval struct {
	once     sync.Once
	prepared rego.PreparedEvalQuery
	err      error
}

// regoBase are the options every embedded query of the bundle shares: the
// query, the rule data as the store, strict built-in errors.
func (b *Bundle) regoBase(query string) []func(*rego.Rego) {
	return []func(*rego.Rego){
		rego.Query(query),
		// AST values on read: no conversion of the rule indexes per lookup.
		rego.Store(inmem.NewFromObjectWithOpts(b.Data, inmem.OptReturnASTValuesOnRead(true))),
		rego.StrictBuiltinErrors(true),
	}
}

// regoOptions are regoBase with every module of the bundle, then extra.
// With custom org modules, every module is type-checked against the
// policy input's schema (inputSchemas).
func (b *Bundle) regoOptions(query string, extra ...func(*rego.Rego)) []func(*rego.Rego) {
	opts := b.regoBase(query)
	for _, name := range b.moduleNames() {
		opts = append(opts, rego.Module(name, b.Modules[name]))
	}
	if b.hasCustom() {
		opts = append(opts, rego.Schemas(inputSchemas()))
	}
	return append(opts, extra...)
}

// regoQuery returns the prepared decision query, compiling it once. Without
// custom modules the compiled built-in modules are shared by every engine
// of the process: only the rule data differs.
func (e *Engine) regoQuery(ctx context.Context) (rego.PreparedEvalQuery, error) {
	e.rego.once.Do(func() {
		opts := e.bundle.regoOptions(Query)
		if !e.bundle.hasCustom() {
			c, err := builtinCompiler(ctx)
			if err != nil {
				e.rego.err = err
				return
			}
			opts = append(e.bundle.regoBase(Query), rego.Compiler(c))
		}
		pq, err := rego.New(opts...).PrepareForEval(ctx)
		if err != nil {
			e.rego.err = policyErrors(err, e.bundle.files)
			return
		}
		e.rego.prepared = pq
	})
	return e.rego.prepared, e.rego.err
}

// builtin is the compiler of agentctl's own modules, shared by the process.
var builtin struct {
	once sync.Once
	c    *ast.Compiler
	err  error
}

// builtinCompiler compiles the built-in stage modules once per process.
func builtinCompiler(ctx context.Context) (*ast.Compiler, error) {
	builtin.once.Do(func() {
		b := &Bundle{Modules: map[string]string{}, Data: map[string]any{}}
		for name, src := range regopkg.Modules() {
			b.Modules["agentctl/"+name] = src
		}
		c := ast.NewCompiler()
		if _, err := rego.New(b.regoOptions(Query, rego.Compiler(c))...).PrepareForEval(ctx); err != nil {
			builtin.err = fmt.Errorf("%w: %v", ErrPolicy, err)
			return
		}
		builtin.c = c
	})
	return builtin.c, builtin.err
}

// evalRego decides on the embedded OPA.
func (e *Engine) evalRego(ctx context.Context, input map[string]any) (Decision, error) {
	pq, err := e.regoQuery(ctx)
	if err != nil {
		return Decision{}, err
	}
	rs, err := pq.Eval(ctx, rego.EvalInput(input))
	if err != nil {
		return Decision{}, err
	}
	return resultDecision(rs)
}

// evaluate decides a call with the configured evaluator.
func (e *Engine) evaluate(ctx context.Context, in *callInput) (Decision, error) {
	if err := ctx.Err(); err != nil {
		return Decision{}, err
	}
	switch {
	case e.remote != "":
		return e.evalRemote(ctx, in.toMap())
	case e.evaluator == EvalRego:
		return e.evalRego(ctx, in.toMap())
	case e.evaluator == EvalBoth:
		return e.evalBoth(ctx, in)
	}
	return e.evalNative(ctx, in)
}

// evalNative decides with the native evaluator; custom org modules, when
// there are any, are asked through their own small prepared query.
func (e *Engine) evalNative(ctx context.Context, in *callInput) (Decision, error) {
	var custom func() (customVerdicts, error)
	if e.custom != nil {
		custom = func() (customVerdicts, error) { return e.custom.eval(ctx, in.toMap()) }
	}
	return e.native.decide(in, custom)
}

// evalBoth decides with both evaluators and fails closed when the
// decisions (or their errors) differ.
func (e *Engine) evalBoth(ctx context.Context, in *callInput) (Decision, error) {
	rd, rerr := e.evalRego(ctx, in.toMap())
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
