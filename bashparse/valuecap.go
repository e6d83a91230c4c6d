package bashparse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// The candidate values kept per variable, array and the positional
// parameters are capped (maxVarValues), and so are the spellings made
// from one word (maxSpellings). A value past the cap was dropped, and a
// write spelled from the kept ones only missed it: for d in a1 … a17 .git;
// do echo x > $d/hooks/pre-commit; done wrote .git/hooks/pre-commit, as
// did set -- a1 … a17 .git; echo x > "${18}/…" and two loops whose
// spellings together pass the cap, and bypass mode allowed each. A write
// target naming a list that overflowed, or whose spellings would pass the
// cap, gets the protected stand-in instead (computedWitnesses): fail
// closed, as for a place computed at run time.

// positionalKey is the overflow key of the positional parameters.
const positionalKey = "@"

// markOverflow records that a value of name (positionalKey for the
// positional parameters) was dropped at the cap.
func (s *shellState) markOverflow(name string) {
	if s.overflow == nil {
		s.overflow = map[string]bool{}
	}
	s.overflow[name] = true
}

// overflowed reports a parameter whose candidate list dropped a value.
func (s *shellState) overflowed(name string) bool {
	if positionalParam(name) {
		name = positionalKey
	}
	return s.overflow[name]
}

// partlySpelled reports write-target text whose expansions the spellings
// cannot cover: one names a list that overflowed, or the spellings the
// values multiply into pass the cap.
func (s *shellState) partlySpelled(text string) bool {
	if len(s.overflow) == 0 && len(s.vars) == 0 && len(s.arrays) == 0 && len(s.positional) == 0 ||
		!strings.Contains(text, "$") {
		return false
	}
	text = strings.ReplaceAll(text, `"`, "")
	if strings.Contains(text, "${!") {
		return true // an indirect expansion: the value of a name the script may choose
	}
	n := 1
	for _, m := range paramExpr.FindAllStringSubmatch(text, -1) {
		name := m[1] + m[4]
		if s.overflowed(name) || m[2] == "" && m[3] == "" && s.arrayOnly(name) {
			return true
		}
		if k := len(s.paramValues(name, m[2])); k > 1 {
			n *= k
		}
	}
	for _, m := range simpleParam.FindAllStringSubmatch(text, -1) {
		if m[2] == "" {
			continue // ${x}: counted above
		}
		if s.overflowed(m[2]) || s.arrayOnly(m[2]) {
			return true
		}
		if k := len(s.varValues(m[2])); k > 1 {
			n *= k
		}
	}
	return n > maxSpellings
}

// elementAssign records the value an element assignment (a[5]=.git)
// gives an array; an appended one (a[0]+=t) spells no value.
func (p *parser) elementAssign(x *syntax.Assign, add func(map[string][]string, string, string) map[string][]string) {
	name := x.Name.Value
	if x.Append {
		p.st.markOverflow(name)
	}
	if x.Value == nil {
		return
	}
	if w := p.word(x.Value); literal(w) {
		p.st.arrays = add(p.st.arrays, name, w.Value)
	} else {
		p.st.arrays = add(p.st.arrays, name, Unknown)
	}
}

// listSlice reports a slice of a list (${@:1}, ${*:1:1}, ${a[@]:0:1}):
// it picks whole elements, where applyParamOp would cut each value.
func listSlice(name, sub, op string) bool {
	return strings.HasPrefix(op, ":") && (name == "@" || name == "*" || sub == "[@]" || sub == "[*]")
}

// arrayOnly reports a name the script gives array elements but no plain
// value: $a and ${a} are ${a[0]}, which varWitnesses does not spell.
func (s *shellState) arrayOnly(name string) bool {
	return len(s.arrays[name]) > 0 && len(s.varValues(name)) == 0
}
