package bashparse

import (
	"slices"

	"github.com/agentctl/agentctl/internal/lazyre"
)

// jqModuleUse matches the parts of a jq program that read a file no operand
// names: `import "secret/k" as $s` reads secret/k.json and prints it,
// `include "m"` reads m.jq, `modulemeta` loads the module its input names —
// each from a path relative to the working directory or jq's search path,
// where neither the operand checks nor a Read deny rule sees it. A field
// or variable of that name (.import, $include) is no directive.
var jqModuleUse = lazyre.New(`(^|[^A-Za-z0-9_.$"])(import|include)\s*"|modulemeta`)

// jqReadOnly refuses the options that make jq read a file its operands do
// not name (a program, a raw or slurped variable, a module path) — the
// reference CLI asks for them as "dangerous flags" — and a program that
// loads a module.
func jqReadOnly(args []string) bool {
	return jqOptsReadOnly(args) && !slices.ContainsFunc(args, jqModuleUse.MatchString) &&
		!slices.ContainsFunc(args, jqEnvUse.MatchString)
}

// jqEnvUse matches a jq program that reads the process environment (`env`,
// `$ENV`): it prints whatever secrets the agent's environment holds, and
// the reference CLI asks for it. A field named env (.env) reads input.
var jqEnvUse = lazyre.New(`(^|[^A-Za-z0-9_.$"])env([^A-Za-z0-9_]|$)|\$ENV([^A-Za-z0-9_]|$)`)

var jqOptsReadOnly = noFlag("-f", "--from-file", "--rawfile", "--slurpfile", "-L", "--library-path")
