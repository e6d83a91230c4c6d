package settings

import (
	"strconv"
	"strings"
)

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
//   - a WebFetch domain rule spelled otherwise than exactly "domain:HOST"
//     (WebFetch(Domain:x), WebFetch(domain: x), WebFetch(domain:x )):
//     Claude Code matches no URL with it; agentctl read the keyword in any
//     case and trimmed the spaces (domainSpec), which deny and ask keep.
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
	case r.Tool == "WebFetch" && !exactDomainSpec(spec):
		v, _ := domainSpec(spec)
		r.Ignored = "Claude Code reads only a specifier spelled exactly domain:HOST (lower-case, no spaces); write WebFetch(domain:" + v + ")"
	default:
		return false
	}
	r.Warnings = append(r.Warnings, "allow rule "+r.Text+" is ignored: "+r.Ignored)
	return true
}

// exactDomainSpec reports whether a WebFetch specifier that domainSpec
// reads as a domain rule is spelled the one way Claude Code reads it. A
// specifier that is no domain rule at all is left to parseSpec's error.
func exactDomainSpec(spec string) bool {
	v, ok := domainSpec(spec)
	return !ok || spec == "domain:"+v
}

// allowPadded marks an allow rule written with spaces around it
// (" Bash", "Bash(curl:*) ") as ignored, when what is inside them is a
// rule: Claude Code compares a settings file's rule text as written and
// matches nothing with it, while agentctl trimmed it and approved every
// command, or curl. A deny or ask rule is still trimmed (stricter). An
// --allowed-tools value is split and trimmed before it gets here, as
// Claude Code splits it. The text inside is parsed only to report a
// malformed rule as the error it is.
func allowPadded(r *Rule, trimmed string) bool {
	if _, err := ParseRule(trimmed, Allow); err != nil {
		return false
	}
	r.Ignored = "Claude Code matches no call with a rule written with spaces around it; write " + strconv.Quote(trimmed)
	r.Warnings = append(r.Warnings, "allow rule "+strconv.Quote(r.Text)+" is ignored: "+r.Ignored)
	return true
}
