package engine

import "testing"

// Shell semantics that hide a command, round 20. Each attack was run in
// bash 5.2 first (touch standing in for the command); every row is
// decided by the evaluator AGENTCTL_EVALUATOR names (both in CI).

// red20shellPrefix approves the builtins and read-only commands an agent
// uses by prefix, as a permissive project would.
const red20shellPrefix = `{"permissions":{"allow":["Bash(echo:*)","Bash(read:*)","Bash(set:*)","Bash(cat:*)","Bash(ls:*)","Bash(test:*)","Bash(printf:*)"],"deny":["Bash(rm:*)"]}}`

// red20shellNone has no rule: only read-only detection approves.
const red20shellNone = `{}`

var red20shellClasses = map[string][]shellRow{
	"r20-1 arithmetic evaluates a positional parameter's value": {
		// f holds a[$(touch M)]; bash 5.2 ran touch for each of these.
		{red20shellPrefix, "default", `read v < f; set -- "$v"; echo $(( $1 ))`, "ask"},
		{red20shellPrefix, "default", `read v < f; set -- "$v"; echo $(( $@ ))`, "ask"},
		{red20shellPrefix, "default", `read v < f; set -- "$v"; echo $(( ${1:-0} ))`, "ask"},
		{red20shellPrefix, "default", `read v < f; set -- "$v"; [[ $1 -eq 1 ]]`, "ask"},
		{red20shellPrefix, "default", `read v < f; set -- "$v"; echo ${arr[$1]}`, "ask"},
		{red20shellPrefix, "default", `read v < f; set -e -- "$v"; echo $(( $1 ))`, "ask"},
		{red20shellPrefix, "default", `read x < f; set -- x; echo $(( $1 ))`, "ask"},
		{red20shellPrefix, "default", `set -- *; echo $(( $1 ))`, "ask"},
		{red20shellPrefix, "default", `read v < f; set -- "$v"; for x; do echo $((x)); done`, "ask"},
		{red20shellNone, "default", `read v < f; set -- "$v"; echo $(( $1 ))`, "notallow"},
		{red20shellNone, "default", `set -- *; echo $(( $1 ))`, "notallow"},
		// Neighbours: numbers, nothing set, a count.
		{red20shellPrefix, "default", `set -- 5; echo $(( $1 ))`, "allow"},
		{red20shellPrefix, "default", `set -- 1 2; for x; do echo $((x)); done`, "allow"},
		{red20shellPrefix, "default", `read v < f; set -- "$v"; echo "$1"`, "allow"},
		{red20shellPrefix, "default", `set -- a b; echo $#`, "allow"},
		{red20shellPrefix, "default", `echo $(( $1 + 1 ))`, "allow"},
	},
	"r20-2 a list's element past the cap on kept candidates": {
		// Sixteen values are kept per variable, array and the positional
		// parameters; bash wrote .git/hooks/pre-commit through the
		// seventeenth and later, and two loops whose spellings multiply
		// past the cap. bypassPermissions still asks for a protected place.
		{red20shellNone, "bypassPermissions", `for d in a1 a2 a3 a4 a5 a6 a7 a8 a9 a10 a11 a12 a13 a14 a15 a16 a17 .git; do echo x > $d/hooks/pre-commit; done`, "ask"},
		{red20shellNone, "bypassPermissions", `set -- a1 a2 a3 a4 a5 a6 a7 a8 a9 a10 a11 a12 a13 a14 a15 a16 a17 .git; echo x > "${18}/hooks/pre-commit"`, "ask"},
		{red20shellNone, "bypassPermissions", `a=(a1 a2 a3 a4 a5 a6 a7 a8 a9 a10 a11 a12 a13 a14 a15 a16 a17 .git); echo x > "${a[17]}/hooks/pre-commit"`, "ask"},
		{red20shellNone, "bypassPermissions", `d=a1; d=a2; d=a3; d=a4; d=a5; d=a6; d=a7; d=a8; d=a9; d=a10; d=a11; d=a12; d=a13; d=a14; d=a15; d=a16; d=a17; d=.git; echo x > $d/hooks/pre-commit`, "ask"},
		{red20shellNone, "bypassPermissions", `for d in b c d e .git; do for f in 1 2 3 4; do echo > $d/hooks/$f; done; done`, "ask"},
		{red20shellPrefix, "acceptEdits", `for d in a1 a2 a3 a4 a5 a6 a7 a8 a9 a10 a11 a12 a13 a14 a15 a16 a17 .git; do echo x > $d/hooks/pre-commit; done`, "ask"},
		// Neighbours: within the caps, no protected place.
		{red20shellNone, "bypassPermissions", `for d in b c d; do for f in 1 2 3 4; do echo > $d/$f; done; done`, "allow"},
		{red20shellNone, "bypassPermissions", `for f in a b c; do echo x > $f.txt; done`, "allow"},
	},
	"r20-3 a loop over a whole array or the positional parameters": {
		// The loop variable takes each element; bash wrote
		// .git/hooks/pre-commit for each, bypass mode allowed them.
		{red20shellNone, "bypassPermissions", `a=(.git); for d in "${a[@]}"; do echo x > "$d/hooks/pre-commit"; done`, "ask"},
		{red20shellNone, "bypassPermissions", `set -- .git; for d in "$@"; do echo x > "$d/hooks/pre-commit"; done`, "ask"},
		{red20shellNone, "bypassPermissions", `f() { for d in "$@"; do echo x > "$d/hooks/pre-commit"; done; }; f .git`, "ask"},
		{red20shellNone, "bypassPermissions", `set -- a1 a2 a3 a4 a5 a6 a7 a8 a9 a10 a11 a12 a13 a14 a15 a16 a17 .git; for d; do echo x > "$d/hooks/pre-commit"; done`, "ask"},
		{red20shellNone, "bypassPermissions", `a=(a1 a2 a3 a4 a5 a6 a7 a8 a9 a10 a11 a12 a13 a14 a15 a16 a17 .git); for d in "${a[@]}"; do echo x > "$d/hooks/pre-commit"; done`, "ask"},
		// Values given in forms the candidates missed (bash wrote
		// .git/hooks/pre-commit for each).
		{red20shellNone, "bypassPermissions", `a[5]=.git; echo x > "${a[5]}/hooks/pre-commit"`, "ask"},
		{red20shellNone, "bypassPermissions", `declare -a a; a[0]=.git; echo x > "$a/hooks/pre-commit"`, "ask"},
		{red20shellNone, "bypassPermissions", `d=.gi; d+=t; echo x > $d/hooks/pre-commit`, "ask"},
		{red20shellNone, "bypassPermissions", `d=(.git); echo x > $d/hooks/pre-commit`, "ask"},
		{red20shellNone, "bypassPermissions", `: ${d:=.git}; echo x > $d/hooks/pre-commit`, "ask"},
		{red20shellNone, "bypassPermissions", `set -- .git; echo x > "${@}/hooks/pre-commit"`, "ask"},
		{red20shellNone, "bypassPermissions", `set -- .git; echo x > "${@:1}/hooks/pre-commit"`, "ask"},
		{red20shellNone, "bypassPermissions", `a=(.git); echo x > "${a[@]:0:1}/hooks/pre-commit"`, "ask"},
		{red20shellNone, "bypassPermissions", `d=.git; e=d; echo x > "${!e}/hooks/pre-commit"`, "ask"},
		// Values derived from the script's variables, braces and dot globs.
		{red20shellNone, "bypassPermissions", `for d in .{git,x}; do echo x > $d/hooks/pre-commit; done`, "ask"},
		{red20shellNone, "bypassPermissions", `for d in .g*; do echo x > $d/hooks/pre-commit; done`, "ask"},
		{red20shellNone, "bypassPermissions", `d=.g?t; echo x > $d/hooks/pre-commit`, "ask"},
		{red20shellNone, "bypassPermissions", `d=.git; for x in "$d"; do echo x > $x/hooks/pre-commit; done`, "ask"},
		{red20shellNone, "bypassPermissions", `d=.git; x="$d/hooks"; echo x > $x/pre-commit`, "ask"},
		{red20shellNone, "bypassPermissions", `d=.GIT; x=${d,,}; echo x > $x/hooks/pre-commit`, "ask"},
		// Neighbours: elements that are ordinary places.
		{red20shellNone, "bypassPermissions", `for f in *.txt; do echo x > "$f.bak"; done`, "allow"},
		{red20shellNone, "bypassPermissions", `for f in a b; do g="$f.txt"; echo x > "$g"; done`, "allow"},
		{red20shellNone, "bypassPermissions", `x="$HOME/out"; echo x > $x`, "allow"},
		{red20shellNone, "bypassPermissions", `a=(b c); echo x > "${a[@]:0:1}/out"`, "allow"},
		{red20shellNone, "bypassPermissions", `: ${d:=b}; echo x > $d/out`, "allow"},
		{red20shellNone, "bypassPermissions", `a=(b c); for d in "${a[@]}"; do echo x > "$d/out"; done`, "allow"},
		{red20shellNone, "bypassPermissions", `set -- b c; for d in "$@"; do echo x > "$d.txt"; done`, "allow"},
	},
}

func TestRed20shellDisguises(t *testing.T) {
	runShellRows(t, map[string]string{"f": "a[$(touch M)]\n"}, red20shellClasses)
}
