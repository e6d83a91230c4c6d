package agenthook

// claudeAnswer is Claude Code's hook answer (code.claude.com/docs/en/hooks):
// PreToolUse → hookSpecificOutput.permissionDecision allow|deny|ask with
// permissionDecisionReason; PermissionRequest → hookSpecificOutput.decision
// {behavior allow|deny, message}, nothing for an ask (the dialog shows);
// no opinion → exit 0 and no output.
func claudeAnswer(event string, v Verdict) Answer {
	if v.Decision == Defer {
		return Answer{}
	}
	if event == "PermissionRequest" {
		decision := map[string]any{"behavior": v.Decision}
		switch v.Decision {
		case Ask:
			return Answer{}
		case Deny:
			decision["message"] = v.Reason
		}
		return Answer{Stdout: jsonLine(map[string]any{"hookSpecificOutput": map[string]any{
			"hookEventName": "PermissionRequest", "decision": decision}})}
	}
	return Answer{Stdout: jsonLine(map[string]any{"hookSpecificOutput": map[string]any{
		"hookEventName": "PreToolUse", "permissionDecision": v.Decision, "permissionDecisionReason": v.Reason}})}
}
