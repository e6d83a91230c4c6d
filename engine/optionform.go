package engine

import (
	"regexp"
	"slices"
	"strings"

	"github.com/agentctl/agentctl/bashparse"
)

// optionRegex compiles a Bash deny or ask pattern that names options into
// a regex over bashparse.OptionForm text, so that the rule meets its
// options however a command spells, orders or places them (rm -fr, rm -r
// -f, rm --recursive --force, rm x -rf for Bash(rm -rf:*)): the rule's
// options must all be among the command's, its operands match as its text
// would (spec §3 wildcards, a final " *" or ":*" at a word boundary). It
// returns "" when the pattern names no option or a wildcard stands where an
// option's name would be; the rule's text regex still applies. head is the
// command name the form starts with. A pattern that names a wrapper
// (Bash(sudo rm -rf:*)) is read as the wide view reads it; the rule is
// still found only for commands its first word names (bashKey).
func optionRegex(p string) (re, head string) {
	prefix := false
	switch {
	case strings.HasSuffix(p, ":*"):
		p, prefix = strings.TrimSuffix(p, ":*"), true
	case strings.HasSuffix(p, " *"):
		p, prefix = strings.TrimSuffix(p, " *"), true
	}
	if !strings.Contains(p, " -") && !strings.Contains(p, "=") {
		return "", ""
	}
	a := bashparse.Parse(p)
	if a.Err != nil {
		return "", ""
	}
	// The rule's own command is its one command not nested in another: an
	// option value the parser also reads as a payload (docker run -v
	// /:/host, ssh -o ProxyCommand=…) adds a nested command, which must not
	// cost the rule its option form.
	var top []bashparse.Command
	for _, c := range a.Commands {
		if !c.Nested {
			top = append(top, c)
		}
	}
	if len(top) != 1 || top[0].Wide.DynamicName {
		return "", ""
	}
	w := top[0].Wide
	named := false
	for _, arg := range w.Args {
		named = named || len(arg) > 1 && arg[0] == '-' && arg != "--" ||
			bashparse.KeyValueOption(w.Name, arg)
	}
	if !named {
		return "", ""
	}
	var bodies []string
	for _, words := range bashparse.OptionSpellings(append([]string{w.Name}, w.Args...)) {
		f, ok := bashparse.OptionFormOf(words)
		if !ok {
			continue
		}
		body, ok := optionBody(f, prefix)
		if !ok {
			return "", ""
		}
		bodies, head = append(bodies, body), f.Head[0]
	}
	if len(bodies) == 0 {
		return "", ""
	}
	return "(?s)^(?:" + strings.Join(bodies, "|") + ")$", head
}

// optionBody is the regex, unanchored, of one option form of a rule: its
// head, each of its options among any others (a rule's option without a
// value meets any value), the separator, its operands. ok is false when a
// wildcard stands in a head word or an option's name.
func optionBody(f bashparse.OptionForm, prefix bool) (string, bool) {
	var b strings.Builder
	for i, h := range f.Head {
		if strings.Contains(h, "*") {
			return "", false
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(regexp.QuoteMeta(h))
	}
	const filler = `(?: -[^ ]*)*`
	for _, o := range f.Options {
		if slices.Contains(f.Derived, o) {
			continue // implied by the rule's options; the command's form has it too
		}
		name, val, hasVal := strings.Cut(o, "=")
		if strings.Contains(name, "*") {
			return "", false
		}
		b.WriteString(filler + " " + regexp.QuoteMeta(name))
		if hasVal {
			b.WriteString("=" + strings.ReplaceAll(regexp.QuoteMeta(val), `\*`, `[^ ]*`))
		} else {
			b.WriteString(`(?:=[^ ]*)?`)
		}
	}
	b.WriteString(filler + " " + regexp.QuoteMeta(bashparse.OptionFormSep))
	if ops := strings.Join(f.Operands, " "); ops != "" {
		b.WriteString(" " + strings.ReplaceAll(regexp.QuoteMeta(ops), `\*`, `.*`))
	}
	if prefix {
		b.WriteString("(?: .*)?")
	}
	return b.String(), true
}

// addOptionForms spells, for each command a rule with options may match
// (its name among names), its options in canonical form.
func addOptionForms(names map[string]bool, cmds []CommandFact) {
	for i := range cmds {
		w := &cmds[i].Wide
		if !names[w.Name] {
			continue
		}
		words := make([]string, 0, len(w.Args)+1)
		if f, ok := bashparse.OptionFormOf(append(append(words, w.Name), w.Args...)); ok {
			cmds[i].OptionForm = f.Text()
		}
	}
}

// optionNames unions the deny and ask buckets' option rule names.
func optionNames(rules map[string]*bucket) map[string]bool {
	var out map[string]bool
	for _, b := range []string{"deny", "ask"} {
		for n := range rules[b].optionNames {
			if out == nil {
				out = map[string]bool{}
			}
			out[n] = true
		}
	}
	return out
}
