//go:build !agentctl_lean

package engine

import (
	"context"
	"fmt"
	"sync"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/rego"
	"github.com/open-policy-agent/opa/v1/storage/inmem"

	regopkg "github.com/agentctl/agentctl/rego"
)

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
		rego.Store(inmem.NewFromObjectWithOpts(b.Data(), inmem.OptReturnASTValuesOnRead(true))),
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
		b := &Bundle{Modules: map[string]string{}}
		b.doc.once.Do(func() { b.doc.data = map[string]any{} }) // the modules alone: no rules
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
func (e *Engine) evalRego(ctx context.Context, in *callInput) (Decision, error) {
	pq, err := e.regoQuery(ctx)
	if err != nil {
		return Decision{}, err
	}
	input, err := in.toValue()
	if err != nil {
		return Decision{}, err
	}
	rs, err := pq.Eval(ctx, rego.EvalParsedInput(input))
	if err != nil {
		return Decision{}, err
	}
	return resultDecision(rs)
}

// compileRego compiles the decision query now (New does, when custom
// modules make a broken policy possible).
func (e *Engine) compileRego(ctx context.Context) error {
	_, err := e.regoQuery(ctx)
	return err
}

// buildSupports reports an engine configuration this build cannot run:
// this one, with OPA, runs them all.
func buildSupports(config) error { return nil }
