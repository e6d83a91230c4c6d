package engine

import "strings"

// agentMatchesFolded ports lib.rule_matches_call's folded Agent clause:
// regex.match(concat("", ["(?i)", r.re]), trim_space(subagent_type)) —
// the Agent tool resolves " explore" and "EXPLORE" to Explore, so a deny
// or ask on Agent(Explore) stops them too. An omitted type is the default
// agent's; a value that is not a string is left to agentMatches.
func (n *nativeEval) agentMatchesFolded(r *nativeRule) bool {
	if r.foldRe == nil {
		return false
	}
	v, ok := n.in.Input["subagent_type"]
	if !ok {
		v = "general-purpose"
	}
	s, isString := v.(string)
	if !isString {
		return false
	}
	return n.re(r.foldRe, strings.TrimSpace(s))
}
