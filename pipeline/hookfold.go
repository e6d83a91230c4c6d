package pipeline

import (
	"reflect"

	"github.com/agentctl/agentctl/internal/hookproto"
)

// foldedNames weighs what a hook's answer says under field names in
// another letter case. Claude Code reads "permissionDecision" and not
// "PermissionDecision" (hookproto.Parse reads as it does, and o is that
// reading); a hook that wrote the other spelling meant something, though.
// When the reading with names in any case (hookproto.ParseFolded) differs,
// its deny and ask count beside o — a deny written twice must not become
// an allow — and no allow stands: the answer was not read as written.
func foldedNames(event string, stdout []byte, exact hookproto.Output, o HookOutcome) HookOutcome {
	folded, err := hookproto.ParseFolded(stdout)
	if err != nil || reflect.DeepEqual(folded, exact) {
		return o
	}
	f := outcome(event, folded)
	if f.Decision == "allow" {
		f.Decision, f.Reason = "", ""
	}
	f.UpdatedInput = nil
	f.AdditionalContext, f.SystemMessages = nil, nil
	c := combine([]HookOutcome{o, f})
	if c.Decision == "allow" {
		c.Decision, c.Reason = "", ""
	}
	c.unsure = true
	c.Errors = append(c.Errors, "answered with a field name in another letter case, which Claude Code does not read: only its deny or ask counts")
	return c
}
