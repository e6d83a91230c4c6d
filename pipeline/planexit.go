package pipeline

import (
	"github.com/agentctl/agentctl/engine"
)

// planExit makes leaving plan mode wait for the plan's approval. The
// policy asks for ExitPlanMode unless a rule allows it, and a PreToolUse
// hook's allow may approve such an ask; but the tool's effect is to lift
// plan mode's refusal of every write and command for the rest of the
// session (§6: "until an approved ExitPlanMode"): a model that could
// approve its own plan would make plan mode a one-call delay. So in plan
// mode an allow of the call is asked like any fallback ask — a person, the
// approver or a PermissionRequest hook answers, and with no one to ask it
// is refused. A PreToolUse hook's allow does not approve it: Claude Code
// asks for a tool that needs the user's answer before it weighs hooks and
// modes (requiresUserInteraction), and an auto-approver hook matching every
// tool would otherwise let the model leave plan mode on its own.
func planExit(use ToolUse, mode string, d engine.Decision) engine.Decision {
	if use.Name != "ExitPlanMode" || mode != "plan" || d.Decision != engine.Allow {
		return d
	}
	d.Decision, d.Stage, d.Rule = engine.Ask, engine.StageDefault, nil
	d.Reason = "leaving plan mode needs the plan approved"
	return d
}
