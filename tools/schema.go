package tools

import (
	"fmt"
	"strings"

	"github.com/agentctl/agentctl/toolspec"
)

// schemaFor returns a built-in tool's input JSON Schema (2020-12) from the
// tool catalogue.
func schemaFor(name string) []byte {
	s, ok := toolspec.Lookup(name)
	if !ok {
		panic("tools: " + name + " is not in the tool catalogue") // every built-in has an entry
	}
	return s.Schema
}

// validateSchema checks an input against the tool's schema. Failures are
// model-readable: one line per issue naming the tool, the field and what
// was expected.
func validateSchema(t Tool, in Input) error {
	problems := toolspec.CheckSchema(t.Name(), t.InputSchema(), in)
	if len(problems) == 0 {
		return nil
	}
	return fmt.Errorf("%w: %s", ErrInvalidInput, strings.Join(problems, "\n"))
}

// ValidateSchema checks an input against a tool's JSON Schema only: the
// stateless part of validation (`agentctl check` runs it before the policy).
func ValidateSchema(t Tool, in Input) error { return validateSchema(t, in) }
