package settings

import "os"

// projectAllowUntrusted reports a project settings allow rule in a
// workspace Claude Code's own record does not trust (nor agentctl's), and
// warns that it is not applied.
//
// Claude Code drops every allow rule of .claude/settings.json until the
// workspace is trusted ("workspace not yet trusted"): the repository's own
// Bash(curl:*) asks there. agentctl's hook answered allow from that very
// rule, and the agent ran the call unasked: installing the hook widened
// the agent. The rule is dropped where agentctl can see the agent's
// verdict: the records were consulted (the hook, run, doctor) and Claude
// Code's state file is there without a trust entry for the workspace.
// check, explain, facts and --batch trust no record and keep the rule
// (confined as distrust says), as the shared decision corpus asks of a
// project's rules; so does a machine with no Claude Code state (another
// agent's hook). Local settings are the user's own file and keep their
// allow rules, as in the agent; deny and ask rules of both still narrow.
func (s *Settings) projectAllowUntrusted(src Source, r Rule, why string) bool {
	if !s.agentUntrusts || src != ProjectSettings || r.Behavior != Allow {
		return false
	}
	s.warn(r.Pos, "%s allow rule %s not applied: %s, and Claude Code does not apply a project's allow rules there either", src, r.Text, why)
	return true
}

// stateFileExists reports whether Claude Code's state file is there (a
// file of any kind: ClaudeTrusts reads it and reports what is wrong).
func stateFileExists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}
