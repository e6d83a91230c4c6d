package pipeline

import (
	"context"
	"strings"

	"github.com/agentctl/agentctl/engine"
)

// PreToolHooks is the middleware by which a decision made outside a session
// (`check`, `check --batch`, `explain`) answers as the session's would: it
// runs the PreToolUse hooks that match the call and hands their verdict to
// next, where the policy weighs it as it does in Dispatch (a hook's deny or
// ask stands; its allow answers only the fallback ask). A hook that may not
// run — an untrusted workspace's — is asked instead (HookRunner.Run), so
// `check` never allows what the session would have let that hook refuse.
//
// A rewrite (updatedInput) is decided in place of the input, as the session
// would run it; continue: false is a deny, since the session stops before
// the call runs. A call that already carries a verdict is passed through.
func PreToolHooks(h *HookRunner, cwd, mode string) Middleware {
	return func(next DecideFunc) DecideFunc {
		return func(ctx context.Context, call engine.Call) (engine.Decision, error) {
			if h == nil || call.Hook != nil {
				return next(ctx, call)
			}
			at, in, mode := cwd, call.Input, mode
			if call.Cwd != "" {
				at = call.Cwd
			}
			if call.Mode != "" {
				mode = call.Mode
			}
			if in == nil {
				in = map[string]any{}
			}
			pre := h.Run(ctx, "PreToolUse", call.Tool, map[string]any{"cwd": at, "permission_mode": mode,
				"tool_input": in, "tool_use_id": "toolu_check"})
			if pre.Stop {
				reason := "a PreToolUse hook stopped the session before this call ran"
				if r := strings.TrimSpace(pre.StopReason); r != "" {
					reason += ": " + r
				}
				return engine.Decision{Decision: engine.Deny, Stage: engine.StageHook, Reason: reason,
					Matches: []engine.Match{}, ToolName: call.Tool}, nil
			}
			if pre.UpdatedInput != nil {
				call.Input = pre.UpdatedInput
			}
			call.Hook = &engine.HookVerdict{Decision: "none"}
			switch {
			case pre.Blocked || pre.Decision == "deny":
				reason := strings.TrimSpace(pre.Reason)
				if reason == "" {
					reason = "(the hook gave no reason)"
				}
				call.Hook = &engine.HookVerdict{Decision: "deny", Reason: reason}
			case pre.Decision != "":
				call.Hook = &engine.HookVerdict{Decision: pre.Decision, Reason: pre.Reason}
			}
			return next(ctx, call)
		}
	}
}
