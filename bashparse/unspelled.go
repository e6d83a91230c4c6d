package bashparse

import "strings"

// A variable given a value no candidate spells — from another variable
// the script sets (x="$d/hooks", x=${d}t, x=${d,,}), from a loop over
// one (for x in $d, for x in "$d"/hooks), or from a brace or a glob that
// may name a dot directory (for d in .{git,x}, for d in .g*, d=.g?t read
// unquoted) — took .git in bash 5.2, and a write through it had no
// spelling, so bypass mode allowed it. Such a variable overflows: a
// write target naming it gets the protected stand-in (partlySpelled). A
// value built only from the environment ($HOME/x) or a glob that cannot
// match a dot name (*.txt) stays a place of its own, as before.

// unspelledValue marks name when w, a non-literal value the script gives
// it, may spell a place no candidate holds.
func (p *parser) unspelledValue(name string, w Word) {
	if !w.Dynamic && !w.Brace && !w.Glob {
		return
	}
	text := strings.ReplaceAll(w.Value, `"`, "")
	if w.Brace || w.Glob && (p.dotglob() || strings.HasPrefix(text, ".") || strings.Contains(text, "/.")) {
		p.st.markOverflow(name)
		return
	}
	if !w.Dynamic {
		return
	}
	if !p.st.namesScriptParam(text) {
		return
	}
	spellings, ok := p.st.spellValue(text)
	if !ok {
		p.st.markOverflow(name)
		return
	}
	if !strings.Contains(w.Value, `"`) {
		spellings = p.st.splitFields(spellings)
	}
	for _, v := range spellings {
		p.st.addVar(name, v)
	}
}

// spellValue spells text, built from plain $NAME and ${NAME} parts only,
// with every candidate of each; ok is false when a part is another form,
// or names a variable whose candidates are not all it may hold.
func (s *shellState) spellValue(text string) (spellings []string, ok bool) {
	spellings = []string{text}
	for _, m := range simpleParam.FindAllStringSubmatch(text, -1) {
		n := m[1] + m[2]
		vals := s.varValues(n)
		if len(vals) == 0 || s.tainted[n] || s.overflow[n] || len(spellings)*len(vals) > maxSpellings {
			return nil, false
		}
		next := make([]string, 0, len(spellings)*len(vals))
		for _, sp := range spellings {
			i := strings.Index(sp, m[0])
			for _, v := range vals {
				next = append(next, sp[:i]+v+sp[i+len(m[0]):])
			}
		}
		spellings = next
	}
	for _, sp := range spellings {
		if strings.ContainsAny(sp, "$`\\'") {
			return nil, false
		}
	}
	return spellings, true
}

// namesScriptParam reports text expanding a parameter the script gives a
// value: a variable, an array or a positional parameter it sets.
func (s *shellState) namesScriptParam(text string) bool {
	for _, m := range simpleParam.FindAllStringSubmatch(text, -1) {
		if n := m[1] + m[2]; len(s.vars[n]) > 0 || len(s.arrays[n]) > 0 || s.tainted[n] || s.overflow[n] {
			return true
		}
	}
	for _, m := range paramExpr.FindAllStringSubmatch(text, -1) {
		if n := m[1] + m[4]; len(s.vars[n]) > 0 || len(s.arrays[n]) > 0 || s.tainted[n] || s.overflow[n] ||
			positionalParam(n) && len(s.positional) > 0 {
			return true
		}
	}
	return strings.Contains(text, "${!")
}
