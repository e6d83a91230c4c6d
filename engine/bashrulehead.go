package engine

import (
	"regexp"
	"strings"

	"github.com/agentctl/agentctl/bashparse"
)

// peeledBashPattern is a deny or ask Bash pattern with the leading
// assignments and harmless wrappers removed that a command loses before
// rules see it (spec §3: FOO=1, timeout 5, nice, nohup, command, …). A
// command is matched — and its rules looked up — by the name left after
// that peeling, so a rule written with the prefix, Bash(timeout 5 npm
// publish) or Bash(RAILS_ENV=production rails db:drop), would otherwise be
// filed under "timeout" or "RAILS_ENV=production" and never consulted: the
// very command it spells ran under a bare Bash allow. The peeled pattern
// keeps the rule's own '*'s (the words after the prefix, as written); ok
// is false when nothing is peeled or the prefix cannot be told apart with
// certainty (the rule then keeps only its own form, as before).
func peeledBashPattern(p string) (peeled string, ok bool) {
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
	fields := strings.Fields(q)
	if v.Name == "" || v.DynamicName || strings.Contains(v.Name, "*") || len(fields) == 0 || fields[0] == v.Name {
		return "", false
	}
	k := len(fields) - 1 - len(v.Args)
	if k <= 0 || fields[k] != v.Name {
		return "", false
	}
	rest := strings.Join(fields[k:], " ")
	// The words kept must be the command's own, as the parser reads them:
	// a quote or escape spanning the cut would make them something else.
	if b := bashparse.Parse(rest); b.Err != nil || len(b.Commands) == 0 || b.Commands[0].Narrow.Text != v.Text {
		return "", false
	}
	return rest, true
}

// peeledBashRule widens a deny or ask Bash rule's regular expression to
// the peeled form of its pattern as well, and returns the index key that
// form is looked up under ("" when the pattern has no peeled form or its
// key is the rule's own). The rule stays one rule (one id, one entry, filed
// under both keys), so both evaluators list it once.
func peeledBashRule(d *ruleData, pattern string) (key string) {
	peeled, ok := peeledBashPattern(pattern)
	if !ok {
		return ""
	}
	if re, _ := bashRegex(peeled, false); re != d.Re {
		d.Re = "(?:" + d.Re + ")|(?:" + re + ")"
	}
	if k := bashKey(peeled); k != bashKey(pattern) {
		return k
	}
	return ""
}

// escapedStarRule widens a deny or ask Bash rule written with an escaped
// star, Bash(rm \*), to the literal star as well. The rule's own form reads
// the backslash as a character and the star as a wildcard, but a command
// is matched after the shell's quoting is removed — rm \* and rm '*' are
// both "rm *" — so the rule matched neither spelling of the command it
// names (the reference denies rm \* by it). An allow rule keeps its own
// form: the literal star would also approve the glob rm *.
func escapedStarRule(d *ruleData, pattern string) {
	if !strings.Contains(pattern, `\*`) {
		return
	}
	const mark = "\x00" // no pattern holds it, and QuoteMeta leaves it be
	q := strings.ReplaceAll(pattern, `\*`, mark)
	var re string
	if strings.Contains(q, "*") {
		re, _ = bashRegex(q, false)
		re = strings.ReplaceAll(re, mark, `\*`)
	} else {
		// No wildcard left: the exact command, normalised as the shell
		// reads it (\* is a star).
		lit := strings.ReplaceAll(q, mark, "*")
		if a := bashparse.Parse(pattern); a.Err == nil && len(a.Commands) == 1 && a.Commands[0].Narrow.Text != "" {
			lit = a.Commands[0].Narrow.Text
		}
		re = "(?s)^" + regexp.QuoteMeta(lit) + "$"
	}
	if re != d.Re {
		d.Re = "(?:" + d.Re + ")|(?:" + re + ")"
	}
}
