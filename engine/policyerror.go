package engine

import (
	"fmt"
	"strings"
)

// CodePolicy is the code of policy problems agentctl finds itself (OPA's
// own keep their codes: rego_parse_error, rego_type_error, …).
const CodePolicy = "agentctl_policy_error"

// PolicyError is one problem with the policy — a custom module that does
// not parse, declares another package, defines deny, ask or allow as
// something other than a set of messages, or does not compile — at the
// position in the user's file. It matches ErrPolicy with errors.Is.
type PolicyError struct {
	File    string // the module's path as the user gave it (--policy DIR/x.rego)
	Line    int    // 1-based; 0 when unknown
	Col     int    // 1-based; 0 when unknown
	Code    string // a stable machine code (CodePolicy or OPA's)
	Message string
	// Details are OPA's lines under the message, when it gives some: for
	// a type error, the expression, the field it has and the ones it
	// wants.
	Details []string
}

// Error prints "invalid policy: file:line:col: code: message", then the
// details, one indented line each.
func (e *PolicyError) Error() string {
	var b strings.Builder
	b.WriteString(ErrPolicy.Error())
	b.WriteString(": ")
	if e.File != "" {
		b.WriteString(e.File)
		if e.Line > 0 {
			fmt.Fprintf(&b, ":%d", e.Line)
			if e.Col > 0 {
				fmt.Fprintf(&b, ":%d", e.Col)
			}
		}
		b.WriteString(": ")
	}
	if e.Code != "" {
		b.WriteString(e.Code)
		b.WriteString(": ")
	}
	b.WriteString(e.Message)
	for _, l := range e.Details {
		b.WriteString("\n\t")
		b.WriteString(l)
	}
	return b.String()
}

// Unwrap makes every PolicyError an ErrPolicy.
func (e *PolicyError) Unwrap() error { return ErrPolicy }
