package engine

import "fmt"

// modeRank orders the permission modes by what they let through unasked
// (safety.mode_rank).
var modeRank = map[string]int{"plan": 0, "dontAsk": 0, "default": 1, "acceptEdits": 2, "auto": 3, "bypassPermissions": 4}

// agentModeFinding ports the safety finding for an Agent call whose input
// starts its subagent in a mode wider than the session's: the model must
// not raise its own powers by delegating. A mode that is not a known one
// (or not a string) counts as wider.
func (n *nativeEval) agentModeFinding() (string, bool) {
	if n.in.Tool != "Agent" || n.in.Mode == "bypassPermissions" {
		return "", false
	}
	m, ok := n.in.Input["mode"]
	if !ok {
		return "", false
	}
	s, isStr := m.(string)
	if !isStr {
		return n.in.Tool + " starts a subagent in a mode that is not a mode's name", true
	}
	want, known := modeRank[s]
	have, haveKnown := modeRank[n.in.Mode]
	if known && haveKnown && want <= have {
		return "", false
	}
	return fmt.Sprintf("%s starts a subagent in mode %s, wider than the session's %s mode", n.in.Tool, s, n.in.Mode), true
}
