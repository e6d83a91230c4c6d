//go:build !agentctl_lean

package engine

import (
	"fmt"
	"sync"

	"github.com/open-policy-agent/opa/v1/ast"
)

// unrepeatableBuiltins are the OPA built-ins a policy module of the
// --policy directory may not call: every built-in OPA marks
// non-deterministic (http.send, net.lookup_ip_addr, opa.runtime,
// time.now_ns, rand.intn, uuid.rfc4122, JWT signing and verifying by the
// clock, JSON schemas that fetch a remote $ref). A decision made from the
// network, the clock, chance or the process environment cannot be replayed
// or explained, http.send and net.lookup_ip_addr send what the call holds
// (commands, paths) to another host and wait on it, and opa.runtime().env
// hands the process's secrets to the policy — on a stock OPA server too,
// where the same bundle runs.
var unrepeatableBuiltins = sync.OnceValue(func() map[string]bool {
	out := map[string]bool{}
	for _, b := range ast.Builtins {
		if b.Nondeterministic {
			out[b.Name] = true
		}
	}
	return out
})

// checkCustomBuiltins reports the first call of an unrepeatable built-in
// in module m, at its own line.
func checkCustomBuiltins(path string, m *ast.Module) error {
	var found *PolicyError
	report := func(op ast.Ref, loc *ast.Location) {
		name := op.String()
		if found != nil || !unrepeatableBuiltins()[name] {
			return
		}
		found = &PolicyError{File: path, Code: CodePolicy,
			Message: fmt.Sprintf("%s is not allowed in a policy module: a decision must follow from the call alone "+
				"(the network, the clock, chance and the process environment make it unrepeatable, and can send the call elsewhere)", name)}
		if loc != nil {
			found.Line, found.Col = loc.Row, loc.Col
		}
	}
	ast.NewGenericVisitor(func(x any) bool {
		switch t := x.(type) {
		case *ast.Expr:
			if t.IsCall() {
				report(t.Operator(), t.Location)
			}
		case *ast.Term:
			if c, ok := t.Value.(ast.Call); ok && len(c) > 0 {
				if op, ok := c[0].Value.(ast.Ref); ok {
					report(op, t.Location)
				}
			}
		}
		return found != nil
	}).Walk(m)
	if found != nil {
		return found
	}
	return nil
}
