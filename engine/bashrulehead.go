package engine

import (
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/agentctl/agentctl/bashparse"
)

// peeledBashPattern is a deny or ask Bash pattern read as a command is
// read before rules see it (spec §3): its leading assignments and harmless
// wrappers removed (FOO=1, timeout 5, nice, nohup, command, …), its quotes
// removed and its blanks collapsed to one space. A command is matched — and
// its rules looked up — in that form, by the name left after the peeling,
// so a rule written otherwise, Bash(timeout 5 npm publish),
// Bash(RAILS_ENV=production rails db:drop), Bash(npm  publish:*) or
// Bash(npm 'publish' *), was filed under "timeout" or matched a spelling no
// command has: it was never consulted, and under a bare Bash allow the very
// command it spells ran. The rule's own '*'s stay wildcards (a quoted or
// escaped one is left to escapedStarRule). ok is false when the
// pattern is one command already in that form, or not one command with a
// static name (the rule then keeps only its own form, as before).
func peeledBashPattern(p string) (peeled string, ok bool) {
	if plainBashPattern(p) {
		return "", false
	}
	return peeledParsed(p)
}

// peeledParsed is peeledBashPattern by the parse alone.
func peeledParsed(p string) (peeled string, ok bool) {
	q := p
	if strings.HasSuffix(q, ":*") {
		q = strings.TrimSuffix(q, ":*") + " *"
	}
	a := bashparse.Parse(q)
	if a.Err != nil {
		return "", false
	}
	var top []bashparse.Command
	for _, c := range a.Commands {
		if !c.Nested {
			top = append(top, c)
		}
	}
	if len(top) != 1 {
		return "", false
	}
	v := top[0].Narrow
	// A quoted or escaped star is a literal one (escapedStarRule): read
	// as a wildcard it would widen Bash(rm \*) to every rm.
	if v.Text == "" || v.DynamicName || v.Text == q || strings.Count(v.Text, "*") != bareStars(q) {
		return "", false
	}
	return v.Text, true
}

// bareStars counts the stars of a pattern outside quotes and escapes: its
// wildcards, as the shell would read them.
func bareStars(q string) int {
	n := 0
	var quote rune
	escaped := false
	for _, r := range q {
		switch {
		case escaped:
			escaped = false
		case quote != 0:
			if r == quote {
				quote = 0
			} else if r == '\\' && quote == '"' {
				escaped = true
			}
		case r == '\\':
			escaped = true
		case r == '\'' || r == '"':
			quote = r
		case r == '*':
			n++
		}
	}
	return n
}

// peeledBashRule widens a deny or ask Bash rule's regular expression to
// the peeled forms of its pattern as well (peeledBashForms), and returns
// the index keys those forms are looked up under that are not the rule's
// own. The rule stays one rule (one id, one entry, filed under each key),
// so both evaluators list it once.
func peeledBashRule(d *ruleData, pattern string) (keys []string) {
	own := bashKey(pattern)
	for _, form := range peeledBashForms(pattern) {
		if re, _ := bashRegex(form, false); re != d.Re {
			d.Re = "(?:" + d.Re + ")|(?:" + re + ")"
		}
		if k := bashKey(form); k != own && !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return keys
}

// peeledBashForms are the forms a deny or ask pattern is also matched in:
// the pattern read as a command (peeledBashPattern) and, when it names the
// program by a path, Bash(./scripts/deploy.sh:*), the pattern under the
// program's base name. A command's path is not part of what deny and ask
// rules see (spec §3: /bin/rm matches rm rules), and the same script runs
// as scripts/deploy.sh, ./scripts/../scripts/deploy.sh, by its absolute
// path or as ./deploy.sh after a cd: the rule written with one of those
// paths caught none of the others. A base name with a '*' is left out: it
// would read as a wildcard over every command.
func peeledBashForms(pattern string) []string {
	var forms []string
	text := pattern
	if strings.HasSuffix(text, ":*") {
		text = strings.TrimSuffix(text, ":*") + " *"
	}
	if peeled, ok := peeledBashPattern(pattern); ok {
		forms = append(forms, peeled)
		text = peeled
	}
	name, rest, _ := strings.Cut(text, " ")
	if base := path.Base(name); strings.Contains(name, "/") && !strings.ContainsAny(name, "*'\"\\$`") && base != "/" && base != "." && base != ".." {
		if rest != "" {
			base += " " + rest
		}
		forms = append(forms, base)
	}
	return forms
}

// escapedStarRule widens a deny or ask Bash rule written with a literal
// star — escaped, Bash(rm \*), or quoted, Bash(rm '*') — to that literal
// star as well. The rule's own form reads the backslash or the quotes as
// characters and the star as a wildcard, but a command is matched after the
// shell's quoting is removed — rm \*, rm '*' and rm "*" are all "rm *" — so
// the rule matched no spelling of the command it names (the reference
// denies rm \* by it). An allow rule keeps its own form: the literal star
// would also approve the glob rm *.
func escapedStarRule(d *ruleData, pattern string) {
	bare := bareStars(pattern)
	if bare == strings.Count(pattern, "*") {
		return
	}
	var re string
	switch {
	case bare == 0:
		// No wildcard: the exact command, normalised as the shell reads it.
		lit := strings.ReplaceAll(pattern, `\*`, "*")
		if a := bashparse.Parse(pattern); a.Err == nil && len(a.Commands) == 1 && a.Commands[0].Narrow.Text != "" {
			lit = a.Commands[0].Narrow.Text
		}
		re = "(?s)^" + regexp.QuoteMeta(lit) + "$"
	case strings.Contains(pattern, `\*`):
		const mark = "\x00" // no pattern holds it, and QuoteMeta leaves it be
		re, _ = bashRegex(strings.ReplaceAll(pattern, `\*`, mark), false)
		re = strings.ReplaceAll(re, mark, `\*`)
	default:
		return // a quoted star beside wildcards: the rule keeps its own form
	}
	if re != d.Re {
		d.Re = "(?:" + d.Re + ")|(?:" + re + ")"
	}
}
