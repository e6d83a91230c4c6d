package agenthook

// cursorEvents are Cursor's hook events (cursor.com/docs/agent/hooks); the
// before* ones and preToolUse are decided, the others are not agentctl's.
var cursorEvents = map[string]bool{
	"beforeShellExecution": true, "beforeMCPExecution": true, "beforeReadFile": true, "preToolUse": true,
	"beforeTabFileRead": true, "afterTabFileEdit": false,
	"afterShellExecution": false, "afterMCPExecution": false, "afterFileEdit": false, "beforeSubmitPrompt": false,
	"postToolUse": false, "stop": false,
}

// cursorAnswer is Cursor's answer to its before* events: {"permission":
// "allow"|"deny"|"ask", "user_message", "agent_message"}, always with exit
// 0 (the JSON is the decision); {} is no opinion.
func cursorAnswer(v Verdict) Answer {
	if v.Decision == Defer {
		return Answer{Stdout: []byte("{}\n")}
	}
	return Answer{Stdout: jsonLine(map[string]any{"permission": v.Decision, "user_message": v.Reason, "agent_message": v.Reason})}
}
