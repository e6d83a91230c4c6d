package bashparse

import (
	"strings"
	"testing"
)

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

// red20shellLists are writes whose place is one of a list's elements the
// script spells: past the cap on kept candidates (sixteen), in spellings
// that multiply past it, and through a loop over a whole array or the
// positional parameters. Each wrote .git/hooks/pre-commit in bash 5.2;
// an attack row's facts hold a write under .git, a neighbour's do not.
var red20shellLists = []struct {
	src string
	git bool // a write under .git is among the files
}{
	{`for d in a1 a2 a3 a4 a5 a6 a7 a8 a9 a10 a11 a12 a13 a14 a15 a16 a17 .git; do echo x > $d/hooks/pre-commit; done`, true},
	{`for d in a1 a2 a3 a4 a5 a6 a7 a8 a9 a10 a11 a12 a13 a14 a15 a16 a17 .git; do echo x > "${d}/hooks/pre-commit"; done`, true},
	{`set -- a1 a2 a3 a4 a5 a6 a7 a8 a9 a10 a11 a12 a13 a14 a15 a16 a17 .git; echo x > "${18}/hooks/pre-commit"`, true},
	{`set -- a1 a2 a3 a4 a5 a6 a7 a8 a9 a10 a11 a12 a13 a14 a15 a16 a17 .git; for d; do echo x > "$d/hooks/pre-commit"; done`, true},
	{`a=(a1 a2 a3 a4 a5 a6 a7 a8 a9 a10 a11 a12 a13 a14 a15 a16 a17 .git); echo x > "${a[17]}/hooks/pre-commit"`, true},
	{`a=(a1 a2 a3 a4 a5 a6 a7 a8 a9 a10 a11 a12 a13 a14 a15 a16 a17 .git); for d in "${a[@]}"; do echo x > "$d/hooks/pre-commit"; done`, true},
	{`d=a1; d=a2; d=a3; d=a4; d=a5; d=a6; d=a7; d=a8; d=a9; d=a10; d=a11; d=a12; d=a13; d=a14; d=a15; d=a16; d=a17; d=.git; echo x > $d/hooks/pre-commit`, true},
	{`for d in b c d e .git; do for f in 1 2 3 4; do echo > $d/hooks/$f; done; done`, true},
	{`a=(.git); for d in "${a[@]}"; do echo x > "$d/hooks/pre-commit"; done`, true},
	{`declare -a a=(.git); for d in ${a[*]}; do echo x > $d/hooks/pre-commit; done`, true},
	{`set -- .git; for d in "$@"; do echo x > "$d/hooks/pre-commit"; done`, true},
	{`f() { for d in "$@"; do echo x > "$d/hooks/pre-commit"; done; }; f .git`, true},
	// Values given in forms the candidates missed: an element assignment,
	// an append, an array read as $a, a := default, a slice of a list
	// (read as a cut of each value), ${@}, an indirect expansion.
	{`a[5]=.git; echo x > "${a[5]}/hooks/pre-commit"`, true},
	{`a=(x); a[1]=.git; for d in "${a[@]}"; do echo x > "$d/hooks/pre-commit"; done`, true},
	{`declare -a a; a[0]=.git; echo x > "$a/hooks/pre-commit"`, true},
	{`d=.gi; d+=t; echo x > $d/hooks/pre-commit`, true},
	{`d=(.git); echo x > $d/hooks/pre-commit`, true},
	{`d=(.git); echo x > "${d}/hooks/pre-commit"`, true},
	{`: ${d:=.git}; echo x > $d/hooks/pre-commit`, true},
	{`set -- .git; echo x > "${@}/hooks/pre-commit"`, true},
	{`set -- .git; echo x > "${@:1}/hooks/pre-commit"`, true},
	{`set -- .git; echo x > "${*:1:1}/hooks/pre-commit"`, true},
	{`a=(.git); echo x > "${a[@]:0:1}/hooks/pre-commit"`, true},
	{`d=.git; e=d; echo x > "${!e}/hooks/pre-commit"`, true},
	// Values derived from the script's own variables, braces and globs
	// that may name a dot directory.
	{`for d in .{git,x}; do echo x > $d/hooks/pre-commit; done`, true},
	{`for d in .g*; do echo x > $d/hooks/pre-commit; done`, true},
	{`d=.g?t; echo x > $d/hooks/pre-commit`, true},
	{`d=.git; for x in "$d"; do echo x > $x/hooks/pre-commit; done`, true},
	{`d="b .git"; for x in $d; do echo x > $x/hooks/pre-commit; done`, true},
	{`d=.git; x="$d/hooks"; echo x > $x/pre-commit`, true},
	{`d=.gi; x=${d}t; echo x > $x/hooks/pre-commit`, true},
	{`d=.GIT; x=${d,,}; echo x > $x/hooks/pre-commit`, true},
	{`x=.git; for y in "${x}"; do echo x > $y/hooks/pre-commit; done`, true},
	// Neighbours: lists within the caps that spell no protected place.
	{`for f in *.txt; do echo x > "$f.bak"; done`, false},
	{`x="$HOME/out"; echo x > $x`, false},
	{`d=b; x="$d/c"; echo x > "$x"`, false},
	{`for f in a b; do g="$f.txt"; echo x > "$g"; done`, false},
	{`a=(b c); echo x > "${a[@]:0:1}/out"`, false},
	{`: ${d:=b}; echo x > $d/out`, false},
	{`d=b; echo x > "${d:1}/out"`, false},
	{`for d in a1 a2 a3 a4 a5 a6 a7 a8 a9 a10 a11 a12 a13 a14 a15 a16; do echo x > $d/out.txt; done`, false},
	{`for d in b c d; do for f in 1 2 3 4; do echo > $d/$f; done; done`, false},
	{`a=(b c); for d in "${a[@]}"; do echo x > "$d/out"; done`, false},
	{`set -- b c; for d in "$@"; do echo x > "$d.txt"; done`, false},
	{`for f in a b c; do echo x > $f.txt; done`, false},
}

func TestRed20shellLists(t *testing.T) {
	for _, r := range red20shellLists {
		a := Parse(r.src)
		git := false
		for _, c := range a.Commands {
			for _, f := range c.Files {
				if f.Access == Write && (strings.HasPrefix(f.Path, ".git") || strings.Contains(f.Path, "/.git")) {
					git = true
				}
			}
		}
		if git != r.git {
			t.Errorf("Parse(%q): a write under .git = %v, want %v", r.src, git, r.git)
		}
	}
}
