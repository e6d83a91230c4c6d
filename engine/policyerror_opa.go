//go:build !agentctl_lean

package engine

import (
	"errors"
	"fmt"

	"github.com/open-policy-agent/opa/v1/ast"
)

// policyErrors turns OPA's errors (parse, compile, type) into PolicyErrors
// at the user's file names (files maps bundle paths to them). An error that
// carries no OPA error is wrapped whole.
func policyErrors(err error, files map[string]string) error {
	var errs ast.Errors
	if !errors.As(err, &errs) || len(errs) == 0 {
		var one *ast.Error
		if !errors.As(err, &one) {
			return fmt.Errorf("%w: %w", ErrPolicy, err)
		}
		errs = ast.Errors{one}
	}
	out := make([]error, 0, len(errs))
	for _, e := range errs {
		pe := &PolicyError{Code: e.Code, Message: e.Message}
		if e.Details != nil {
			pe.Details = e.Details.Lines()
		}
		if loc := e.Location; loc != nil {
			pe.File, pe.Line, pe.Col = loc.File, loc.Row, loc.Col
			if f, ok := files[loc.File]; ok {
				pe.File = f
			}
		}
		out = append(out, pe)
	}
	if len(out) == 1 {
		return out[0]
	}
	return errors.Join(out...)
}

// setRules are the custom rules the policy reads as sets of messages.
var setRules = map[string]bool{"deny": true, "ask": true, "allow": true}

// checkCustomShape reports a custom module's deny, ask or allow that is not
// a set of messages (deny := true, deny(x) := …, deny[k] := v) at its own
// line: OPA would otherwise blame agentctl's module that reads it.
func checkCustomShape(path string, m *ast.Module) error {
	for _, r := range m.Rules {
		ref := r.Head.Ref()
		if len(ref) == 0 {
			continue
		}
		v, ok := ref[0].Value.(ast.Var)
		if !ok || !setRules[string(v)] {
			continue
		}
		name := string(v)
		if r.Head.RuleKind() == ast.MultiValue && len(r.Head.Ref()) == 1 && len(r.Head.Args) == 0 {
			continue
		}
		pe := &PolicyError{File: path, Code: CodePolicy,
			Message: fmt.Sprintf("%s must be a set of messages: write `%s contains msg if { … }`", name, name)}
		if loc := r.Location; loc != nil {
			pe.Line, pe.Col = loc.Row, loc.Col
		}
		return pe
	}
	return nil
}
