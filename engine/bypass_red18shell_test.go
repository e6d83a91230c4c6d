package engine

import "testing"

// Shell semantics that hide a command, round 18. Each attack was run in
// bash 5.2 first (with harmless stand-ins such as touch); every row is
// decided by both evaluators, which must agree.

// red18shellRmDeny allows every command but rm and curl, and denies reading .env.
const red18shellRmDeny = `{"permissions":{"allow":["Bash"],"deny":["Bash(rm *)","Bash(curl *)","Read(.env)"]}}`

// red18shellPrefix approves ls, echo and git status by prefix.
const red18shellPrefix = `{"permissions":{"allow":["Bash(ls:*)","Bash(echo:*)","Bash(git status:*)"],"deny":["Bash(rm:*)","Bash(curl:*)","Read(.env)"]}}`

// red18shellNone has no rule: only read-only detection approves.
const red18shellNone = `{}`

var red18shellClasses = map[string][]shellRow{
	"r18-1 a run-time value in an array subscript outside $(( ))": {
		// A subscript is arithmetic wherever it stands: with x read from
		// a file holding b[$(cmd)], a[x]=1, a=([x]=1), declare a[x]=1,
		// unset 'a[x]', test -v a[x] and [[ -v a[x] ]] run cmd (all
		// allowed under a bare Bash allow with a deny rule they hide).
		{red18shellRmDeny, "default", `read x < f; a[x]=1`, "ask"},
		{red18shellRmDeny, "default", `read x < f; a[$x]=1`, "ask"},
		{red18shellRmDeny, "default", `read x < f; a[x]+=1`, "ask"},
		{red18shellRmDeny, "default", `read x < f; a=([x]=1)`, "ask"},
		{red18shellRmDeny, "default", `read x < f; a+=([x]=1)`, "ask"},
		{red18shellRmDeny, "default", `read x < f; a=([$x]=1)`, "ask"},
		{red18shellRmDeny, "default", `read x < f; declare a[x]=1`, "ask"},
		{red18shellRmDeny, "default", `f() { read x < f; local -a q; q[x]=1; }; f`, "ask"},
		{red18shellRmDeny, "default", `read x < f; a=(1); unset a[x]`, "ask"},
		{red18shellRmDeny, "default", `read x < f; a=(1); unset "a[x]"`, "ask"},
		{red18shellRmDeny, "default", `read x < f; a=(1); unset -v 'a[$x]'`, "ask"},
		{red18shellRmDeny, "default", `read x < f; a=(1); builtin unset 'a[${x}]'`, "ask"},
		{red18shellRmDeny, "default", `read x < f; test -v a[x]`, "ask"},
		{red18shellRmDeny, "default", `read x < f; [ -v 'a[x+1]' ]`, "ask"},
		{red18shellRmDeny, "default", `read x < f; [[ -v a[x] ]]`, "ask"},
		{red18shellRmDeny, "default", `mapfile -t l < f; a[l]=1`, "ask"},
		{red18shellRmDeny, "default", `x=$(cat f); a[x]=1`, "ask"},
		{red18shellRmDeny, "default", `for x in $(cat f); do a[x]=1; done`, "ask"},
		{red18shellRmDeny, "dontAsk", `read x < f; a[x]=1`, "deny"},
		{red18shellRmDeny, "bypassPermissions", `read x < f; test -v a[x]`, "notallow"},
		{red18shellNone, "default", `read x < f; a[x]=1`, "notallow"},
		// Benign neighbours: literal and arithmetic subscripts, run-time
		// values stored (not evaluated), names without a subscript.
		{red18shellRmDeny, "default", `read x < f; a[0]=$x; echo "${a[0]}"`, "allow"},
		{red18shellRmDeny, "default", `for i in 1 2; do a[i]=1; done`, "allow"},
		{red18shellRmDeny, "default", `n=0; while read l; do arr[n]=$l; ((n++)); done < f`, "allow"},
		{red18shellRmDeny, "default", `read x < f; unset x; test -v x; [[ -v x ]]`, "allow"},
		{red18shellRmDeny, "default", `read x < f; declare -A h; h[k]=$x`, "allow"},
		{red18shellRmDeny, "default", `read x < f; printf -v y %s "$x"`, "allow"},
		{red18shellRmDeny, "default", `a=(1 2); unset 'a[0]'; test -v a[1]`, "allow"},
		{red18shellPrefix, "default", `ls -la`, "allow"},
		{red18shellPrefix, "default", `for f in *.go; do echo $f; done`, "allow"},
		{red18shellPrefix, "default", `x=$(git status); echo "$x"`, "ask"}, // as before: a substitution under deny rules
	},
}

// TestRed18shellDisguises decides every round-18 shell row.
func TestRed18shellDisguises(t *testing.T) {
	runShellRows(t, map[string]string{"f": "a b\n", "y": "keep\n", ".env": "SECRET=1\n"}, red18shellClasses)
}
