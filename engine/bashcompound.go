package engine

import (
	"strings"

	"github.com/agentctl/agentctl/bashparse"
)

// compoundParts gives the regular expressions of a deny or ask Bash
// pattern's commands when the pattern is a compound command itself —
// Bash(cd sub && npm test), Bash(curl * | sh) — and nil otherwise. A call
// is split into its simple commands before rules see it, so such a rule
// matched no part of the very command it spells (the reference denies cd
// sub && npm test by it). It now matches a call that holds a command
// matching each of its parts, in any order and joined by any operator: a
// ";" instead of "&&", extra blanks, a subshell or a wrapper around a part
// run the same commands. A part whose name is not static leaves the rule
// as it was: its meaning cannot be told.
func compoundParts(pattern string) []string {
	if plainBashPattern(pattern) {
		return nil
	}
	return compoundParsed(pattern)
}

// compoundParsed is compoundParts by the parse alone.
func compoundParsed(pattern string) []string {
	q := pattern
	if strings.HasSuffix(q, ":*") {
		q = strings.TrimSuffix(q, ":*") + " *"
	}
	a := bashparse.Parse(q)
	if a.Err != nil || len(a.Commands) < 2 {
		return nil
	}
	parts := make([]string, 0, len(a.Commands))
	for _, c := range a.Commands {
		if c.Nested || c.Narrow.DynamicName || c.Narrow.Text == "" {
			return nil
		}
		re, _ := bashRegex(c.Narrow.Text, false)
		parts = append(parts, re)
	}
	return parts
}

// partsMatch ports lib.compound_pairs' body: every part of r matches the
// narrow or wide text of some command of the call.
func (n *nativeEval) partsMatch(r *nativeRule) bool {
	for _, p := range r.parts {
		found := false
		for i := range n.f.Commands {
			c := &n.f.Commands[i]
			if n.re(p, c.Narrow.Text) || n.re(p, c.Wide.Text) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}
