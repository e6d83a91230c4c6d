package settings

import "strings"

// allowMatchesNothing marks an allow rule that Claude Code reads as
// matching no call, and agentctl used to read as a much wider one, as
// ignored (Rule.Ignored, with a warning). It reports whether it did.
//
// Two spellings:
//
//   - empty parentheses, Tool(): Claude Code matches nothing with an empty
//     specifier, in every rule list. A deny or ask rule Tool() stays the
//     whole tool (stricter, spec §2); an allow read that way approved every
//     Bash command, every URL and every edit of a repository or user file
//     holding Bash(), WebFetch() or Edit() that Claude Code itself asks
//     about — through agentctl's hook, which the agent obeys.
//   - a Bash prefix rule whose prefix holds a '*' (Bash(cu*:*),
//     Bash(*:*), Bash(curl *:*)): Claude Code takes the prefix before a
//     final ":*" literally, so such a rule approves only a command that
//     starts with that very '*'; agentctl read the '*' as a wildcard and
//     approved curl, or every command. Deny and ask keep the wildcard
//     reading (they match more).
//
// An ignored allow never approves: agentctl is at most stricter than the
// agent, which is all spec §2 allows it to be.
func allowMatchesNothing(r *Rule, spec string) bool {
	if r.Behavior != Allow {
		return false
	}
	switch {
	case spec == "":
		r.Ignored = "empty parentheses match no call in Claude Code; write " + r.Tool + " or " + r.Tool + "(*) for the whole tool"
	case r.Tool == "Bash" && strings.HasSuffix(spec, ":*") && strings.Contains(spec[:len(spec)-2], "*"):
		r.Ignored = "Claude Code reads the prefix before a final ':*' literally, so its '*' is no wildcard there; " +
			"write " + r.Tool + "(" + spec[:len(spec)-2] + " *) for a wildcard"
	default:
		return false
	}
	r.Warnings = append(r.Warnings, "allow rule "+r.Text+" is ignored: "+r.Ignored)
	return true
}
