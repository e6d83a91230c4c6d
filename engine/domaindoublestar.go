package engine

import (
	"regexp"
	"strings"

	"github.com/agentctl/agentctl/settings"
)

// domainRuleRegex compiles a WebFetch domain rule. A deny or ask pattern
// holding "**" reads it as a path glob does, across labels: "**." is any
// number of labels (none included) and any other "**" any run of
// characters, dots too. Read by the one-label rule (domainRegex), the
// domain:**.evil.com a user wrote to stop every host of evil.com matched
// x.evil.com but not a.b.evil.com nor evil.com — narrower than
// domain:*.evil.com, though it spells more. An allow keeps the narrow
// reading: more stars never widen what an allow approves.
func domainRuleRegex(r settings.Rule) string {
	if r.Behavior == settings.Allow || !strings.Contains(r.Pattern, "**") {
		return domainRegex(r.Pattern)
	}
	var b strings.Builder
	b.WriteString("^")
	p := r.Pattern
	for p != "" {
		switch {
		case strings.HasPrefix(p, "**."):
			b.WriteString(`(?:[^.]+\.)*`)
			p = p[3:]
		case strings.HasPrefix(p, "**"):
			b.WriteString(`.*`)
			p = strings.TrimLeft(p, "*")
		case strings.HasPrefix(p, "*"):
			b.WriteString(`[^.]*`)
			p = p[1:]
		default:
			i := strings.IndexByte(p, '*')
			if i < 0 {
				i = len(p)
			}
			b.WriteString(regexp.QuoteMeta(p[:i]))
			p = p[i:]
		}
	}
	b.WriteString("$")
	return b.String()
}
