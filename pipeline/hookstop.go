package pipeline

import "strings"

// hookStopped is the outcome of a call whose PreToolUse hook answered
// continue: false. Claude Code's hooks reference makes continue outrank
// every decision field: the session stops after the hooks, so the call
// does not run — not even with the same hook's permissionDecision "allow".
// The hooks' additionalContext still reaches the model with the refusal.
func hookStopped(id string, out Outcome, pre HookOutcome) Outcome {
	msg := "<tool_use_error>A PreToolUse hook stopped the session before this call ran"
	if r := strings.TrimSpace(pre.StopReason); r != "" {
		msg += ": " + r
	}
	msg += "</tool_use_error>"
	if len(pre.AdditionalContext) > 0 {
		msg += "\n\n" + strings.Join(pre.AdditionalContext, "\n")
	}
	o := errorOutcome(id, msg)
	o.Stop, o.StopReason, o.Notices = true, out.StopReason, out.Notices
	return o
}
