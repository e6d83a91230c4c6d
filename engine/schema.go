//go:build !agentctl_lean

package engine

import (
	"encoding/json"
	"sync"

	"github.com/open-policy-agent/opa/v1/ast"

	regopkg "github.com/agentctl/agentctl/rego"
)

// inputSchemas is the policy input's JSON Schema (rego/schemas/input.json)
// as OPA's type checker takes it: the type of input in every module — the
// global schema, as `opa check --schema rego/schemas/input.json` gives it —
// and schema.input for a module whose METADATA annotation names it, as
// `opa check --schema rego/schemas` resolves it. Modules compiled with it
// fail to compile when they read a field the input does not have, or
// compare one with a value of another type: a custom module's mistake is
// then a rego_type_error at the user's file:line, not a rule that never
// matches.
var inputSchemas = sync.OnceValue(func() *ast.SchemaSet {
	var schema any
	if err := json.Unmarshal(regopkg.InputSchema(), &schema); err != nil {
		panic(err) // embedded, and parsed by a test
	}
	ss := ast.NewSchemaSet()
	ss.Put(ast.SchemaRootRef, schema)
	ss.Put(ast.MustParseRef("schema.input"), schema)
	return ss
})
