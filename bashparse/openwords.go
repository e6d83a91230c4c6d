package bashparse

import "strings"

// A word known only at run time can complete a deny or ask rule that the
// static words alone do not match: chmod $m f under Bash(chmod 777 *),
// and the words xargs appends from its input — echo publish | xargs npm
// under Bash(npm publish *), echo 777 f | xargs chmod. The rule is never
// matched, so without a look at what the word could be the command ran
// under a Bash allow. The command's static start up to that word is kept
// (Command.Open); the engine, which knows the rules, asks when a deny or
// ask pattern could still grow out of it.

// openStart is Command.Open for inner (the peeled argv): the static words
// before the first argument word whose value is not known, joined by
// single spaces, with a blank and that word's literal head ("pub" of
// pub$X); appended is set when xargs adds words from its input after the
// last. "" when every word is known.
func (s *shellState) openStart(inner []Word, appended bool) string {
	if len(inner) == 0 || !inner[0].Static() {
		return "" // a dynamic name is unresolved on its own
	}
	for i, w := range inner[1:] {
		if w.Static() || w.Tilde && !w.Dynamic && !w.Glob && !w.Brace || s.valuesKnown(w) {
			continue
		}
		head := literalHead(w.Value)
		if w.Dynamic && !strings.ContainsAny(w.Value, "$`") {
			head = "" // xargs -I's marker: where it sits in the word is not kept
		}
		return joinValues(inner[:i+1]) + " " + head
	}
	if appended {
		return joinValues(inner) + " "
	}
	return ""
}

// valuesKnown reports a dynamic word made only of parameters the script
// gives literal values (x=644; chmod $x f): the command spelled with each
// value is a witness of its own (varCommandWitnesses), so the word hides
// nothing.
func (s *shellState) valuesKnown(w Word) bool {
	if !w.Dynamic || w.Glob || w.Brace || strings.ContainsAny(simpleParam.ReplaceAllString(w.Value, ""), "$`") {
		return false
	}
	ms := simpleParam.FindAllStringSubmatch(w.Value, -1)
	for _, m := range ms {
		name := m[1] + m[2]
		if len(s.vars[name]) == 0 || s.tainted[name] || s.strTainted[name] {
			return false
		}
	}
	return len(ms) > 0 // xargs -I's {} is dynamic with no parameter in it
}

// literalHead is the plain text a word's source starts with, before any
// quote, expansion, glob or escape.
func literalHead(src string) string {
	if i := strings.IndexAny(src, "$`\"'\\*?[{~"); i >= 0 {
		return src[:i]
	}
	return src
}

// joinValues joins the words' values by single spaces.
func joinValues(ws []Word) string {
	var b strings.Builder
	for i, w := range ws {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w.Value)
	}
	return b.String()
}
