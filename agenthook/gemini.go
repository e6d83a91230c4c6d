package agenthook

// geminiAnswer is Gemini CLI's BeforeTool answer (geminicli.com/docs/hooks/
// reference): {"decision": "allow"|"deny", "reason"}; the protocol has no
// ask, and {} is no opinion (Gemini CLI's own confirmation decides).
func geminiAnswer(v Verdict) Answer {
	switch v.Decision {
	case Allow, Deny:
		return Answer{Stdout: jsonLine(map[string]any{"decision": v.Decision, "reason": v.Reason})}
	}
	return Answer{Stdout: []byte("{}\n")}
}
