package agenthook

import "fmt"

// GeminiHooksOff lists what in a Gemini CLI settings file switches
// agentctl's hook off: hooksConfig.enabled false (no hook runs at all), or
// hooksConfig.disabled naming the hook ("agentctl", the name install
// writes) or its command. A project's file can do this to the user's
// install, so that no call of the session is decided — the agent runs
// each one as if agentctl allowed it. A missing file says nothing.
func GeminiHooksOff(path string) ([]string, error) {
	doc, err := readSettingsObject(path)
	if err != nil || doc == nil {
		return nil, err
	}
	hc, ok := doc.vals["hooksConfig"].(*object)
	if !ok {
		return nil, nil
	}
	var out []string
	if on, ok := hc.vals["enabled"].(bool); ok && !on {
		out = append(out, "hooksConfig.enabled is false: Gemini CLI runs no hook, agentctl's included")
	}
	if list, ok := hc.vals["disabled"].([]any); ok {
		for _, v := range list {
			if s, ok := v.(string); ok && (s == "agentctl" || IsAgentctl(s)) {
				out = append(out, fmt.Sprintf("hooksConfig.disabled lists %q: Gemini CLI skips agentctl's hook", s))
			}
		}
	}
	return out, nil
}
