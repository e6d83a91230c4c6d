package pipeline

import (
	"github.com/agentctl/agentctl/engine"
)

// planExit makes leaving plan mode wait for the plan's approval. The
// policy lets ExitPlanMode through (it changes no file), but the tool's
// effect is to lift plan mode's refusal of every write and command for the
// rest of the session (§6: "until an approved ExitPlanMode"): a model
// that could approve its own plan would make plan mode a one-call delay.
// So in plan mode the call is asked like any fallback ask — a person, the
// approver or a PermissionRequest hook answers, and with no one to ask it
// is refused — unless a PreToolUse hook already approved it.
func planExit(use ToolUse, mode string, verdict *engine.HookVerdict, d engine.Decision) engine.Decision {
	if use.Name != "ExitPlanMode" || mode != "plan" || d.Decision != engine.Allow ||
		(verdict != nil && verdict.Decision == "allow") {
		return d
	}
	d.Decision, d.Stage, d.Rule = engine.Ask, engine.StageDefault, nil
	d.Reason = "leaving plan mode needs the plan approved"
	return d
}
