package bashparse

import "strings"

// Arithmetic evaluates a positional parameter's value again, as it does a
// variable's: read v < data; set -- "$v"; echo $(( $1 )) runs the command
// substitution inside a value a[$(cmd)] the file holds, and set -- x with
// x read at run time does the same through the name. set -- with options
// before it (set -e -- "$v") and a function's arguments set them too, and
// for x; do … done walks them. So a positional value that is not known, or
// not plainly a number, makes $1, $@, $* and ${N} unresolved wherever
// arithmetic, a subscript or an indirect expansion evaluates them.

// notePositional records one value the script hands as a positional
// parameter (Unknown when it is not known statically). The kept values
// are capped; whether any may run code when evaluated is not.
func (s *shellState) notePositional(v string) {
	if v == Unknown || !arithSafeValue(v) {
		s.posUnsafe = true
	}
	if len(s.positional) < maxVarValues {
		s.positional = append(s.positional, v)
	} else {
		s.markOverflow(positionalKey)
	}
}

// positionalParam reports a parameter naming positional values: $1…$N,
// $@ and $*. $0 is the shell's name, $# a count.
func positionalParam(name string) bool {
	if name == "@" || name == "*" {
		return true
	}
	if name == "" || name == "0" {
		return false
	}
	for i := 0; i < len(name); i++ {
		if name[i] < '0' || name[i] > '9' {
			return false
		}
	}
	return true
}

// setOperands are set's arguments that become positional parameters:
// those after -- or -, or from the first word that is not an option on
// (set -e -- x, set -o pipefail x, set x). ok is false when set is given
// only options, which leave the positional parameters as they were.
func setOperands(vals []string) (from int, ok bool) {
	for i := 0; i < len(vals); i++ {
		v := vals[i]
		switch {
		case v == "--" || v == "-":
			return i + 1, true
		case v == "-o" || v == "+o":
			i++ // its option name
		case strings.HasPrefix(v, "-") || strings.HasPrefix(v, "+"):
		default:
			return i, true
		}
	}
	return len(vals), false
}

// loopOverPositional records what a loop with no word list (for x; do …)
// gives its variable: each positional value in turn.
func (s *shellState) loopOverPositional(name string) {
	for _, v := range s.positional {
		if v == Unknown {
			s.taint(name)
		} else {
			s.addVar(name, v)
			s.arithLiteral(name, v)
		}
	}
	if s.posUnsafe {
		s.taint(name)
	}
	if s.overflow[positionalKey] {
		s.markOverflow(name)
	}
}
