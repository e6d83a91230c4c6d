package bashparse

import "strings"

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
	n := 1
	for _, m := range paramExpr.FindAllStringSubmatch(text, -1) {
		name := m[1] + m[4]
		if s.overflowed(name) {
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
		if s.overflowed(m[2]) {
			return true
		}
		if k := len(s.varValues(m[2])); k > 1 {
			n *= k
		}
	}
	return n > maxSpellings
}
