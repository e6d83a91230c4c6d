//go:build agentctl_lean

package engine

import (
	"context"
	"fmt"
	"io"
)

// This file stands in for the OPA-backed parts in the lean build (tag
// agentctl_lean): the hook binary an agent starts once per tool call,
// which decides with the native evaluator alone and so links no OPA. Each
// stand-in refuses with ErrNeedsOPA; nothing here ever allows.

type regoEval struct{}

type customQuery struct{}

// buildSupports refuses what only OPA can evaluate.
func buildSupports(c config) error {
	if c.remote == "" && c.evaluator != "" && c.evaluator != EvalNative {
		return fmt.Errorf("%w (evaluator %s)", ErrNeedsOPA, c.evaluator)
	}
	return nil
}

func newCustomQuery(context.Context, *Bundle) (*customQuery, error) { return nil, ErrNeedsOPA }

func (e *Engine) compileRego(context.Context) error { return ErrNeedsOPA }

func (e *Engine) customFunc(context.Context, *callInput) func() (customVerdicts, error) { return nil }

func (e *Engine) evalRego(context.Context, *callInput) (Decision, error) {
	return Decision{}, ErrNeedsOPA
}

func checkVerdictSpelling(map[string]customModule) error { return nil }

func checkCustom(path string, _ []byte) (string, error) {
	return "", fmt.Errorf("%w: %s", ErrNeedsOPA, path)
}

// Trace needs OPA's tracer.
func (e *Engine) Trace(context.Context, Call, io.Writer) (Decision, error) {
	return Decision{}, ErrNeedsOPA
}

func (e *Engine) traceInput(context.Context, string, map[string]any, io.Writer) (Decision, error) {
	return Decision{}, ErrNeedsOPA
}

// opaVersion: the lean build embeds no OPA.
const opaVersion = ""

// newLogPolicy: system.log mask and drop policies are Rego.
func newLogPolicy(_ context.Context, b *Bundle) (logPolicy, error) {
	if len(b.logModules) == 0 {
		return nil, nil
	}
	return nil, fmt.Errorf("%w (system.log mask and drop policies)", ErrNeedsOPA)
}
