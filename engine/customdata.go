//go:build !agentctl_lean

package engine

import (
	"fmt"

	"github.com/open-policy-agent/opa/v1/ast"
)

// checkCustomData reports a custom module's first read of a data document
// outside data.agentctl. agentctl's policy holds data.agentctl alone (the
// rules, the tool catalogue, the command tables, the custom modules'
// rules); nothing else is ever defined, so a deny rule reading
// data.blocked_hosts — which opa eval -d or an OPA server given a data
// file answers — never fires here, silently.
func checkCustomData(path string, m *ast.Module) error {
	var found *PolicyError
	ast.WalkRefs(m, func(r ast.Ref) bool {
		if found != nil || len(r) < 2 || !r[0].Equal(ast.DefaultRootDocument) {
			return found != nil
		}
		key, ok := r[1].Value.(ast.String)
		if !ok || key == "agentctl" {
			return false
		}
		found = &PolicyError{File: path, Code: CodePolicy,
			Message: fmt.Sprintf("%s is never defined: a policy module sees data.agentctl only (settings rules, tools, command tables "+
				"and the modules' own rules), so a rule reading it would silently decide nothing; write the values in a module", r)}
		if loc := r[0].Location; loc != nil {
			found.Line, found.Col = loc.Row, loc.Col
		}
		return true
	})
	if found != nil {
		return found
	}
	return nil
}
