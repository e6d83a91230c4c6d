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
}

func TestRed20shellDisguises(t *testing.T) {
	runShellRows(t, map[string]string{"f": "a[$(touch M)]\n"}, red20shellClasses)
}
