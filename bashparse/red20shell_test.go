package bashparse

import "testing"

// red20shellRows are commands in which bash runs something the parser's
// view did not show, round 20. An attack row leaves a part unresolved
// for the reason given; a neighbour row leaves none for it.
var red20shellRows = []struct {
	src    string
	reason Reason // "" for a neighbour: no part unresolved for this reason
}{
	// Arithmetic evaluates a positional parameter's value again: a value
	// a[$(touch M)] read from a file, handed through set -- or a
	// function's arguments, ran touch (each run in bash 5.2).
	{`read v < f; set -- "$v"; echo $(( $1 ))`, ReasonDynamicEval},
	{`read v < f; set -- "$v"; echo $(( $@ ))`, ReasonDynamicEval},
	{`read v < f; set -- "$v"; echo $(( $* ))`, ReasonDynamicEval},
	{`read v < f; set -- "$v"; echo $(( ${1} + 0 ))`, ReasonDynamicEval},
	{`read v < f; set -- "$v"; echo $(( ${1:-0} ))`, ReasonDynamicEval},
	{`read v < f; set -- "$v"; echo $(( ${@: -1} ))`, ReasonDynamicEval},
	{`read v < f; set -- "$v"; (( $1 ))`, ReasonDynamicEval},
	{`read v < f; set -- "$v"; [[ $1 -eq 1 ]]`, ReasonDynamicEval},
	{`read v < f; set -- "$v"; echo $[ $1 ]`, ReasonDynamicEval},
	{`read v < f; set -- "$v"; echo ${arr[$1]}`, ReasonDynamicEval},
	{`read v < f; set -e -- "$v"; echo $(( $1 ))`, ReasonDynamicEval},
	{`read v < f; set -o pipefail "$v"; echo $(( $1 ))`, ReasonDynamicEval},
	{`read x < f; set -- x; echo $(( $1 ))`, ReasonDynamicEval},
	{`read x < f; set -- x; [[ $1 -eq 0 ]]`, ReasonDynamicEval},
	{`set -- *; echo $(( $1 ))`, ReasonDynamicEval},
	{`function g { [[ $1 -eq 0 ]]; }; read v < f; g "$v"`, ReasonDynamicEval},
	{`f() { echo $(( $1 )); }; f a b c d e f g h i j k l m n o p q "$(<f)"`, ReasonDynamicEval},
	// A loop with no word list walks the positional parameters.
	{`read v < f; set -- "$v"; for x; do echo $((x)); done`, ReasonDynamicEval},
	{`read v < f; set -- "$v"; for x do echo $((x)); done`, ReasonDynamicEval},
	{`set -- y; for x; do echo $((x)); done`, ReasonDynamicEval},
	// Neighbours: numbers, no positional value set, a count, options only.
	{`set -- 5; echo $(( $1 ))`, ""},
	{`set -- 1 2; for x; do echo $((x)); done`, ""},
	{`echo $(( $1 ))`, ""},
	{`set -- a b; echo $#`, ""},
	{`set -e; echo $(( $1 + 1 ))`, ""},
	{`f() { echo $(( $1 * 2 )); }; f 3; f 0x10`, ""},
	{`read v < f; set -- "$v"; echo "$1"`, ""},
}

func TestRed20shellFacts(t *testing.T) {
	for _, r := range red20shellRows {
		a := Parse(r.src)
		got := Reason("")
		for _, u := range a.Unresolved {
			if r.reason != "" && u.Reason == r.reason || r.reason == "" && u.Reason == ReasonDynamicEval {
				got = u.Reason
			}
		}
		if got != r.reason {
			t.Errorf("Parse(%q): unresolved %q, want %q (%v)", r.src, got, r.reason, a.Unresolved)
		}
	}
}
