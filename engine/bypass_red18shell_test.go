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
	"r18-2 an indirect expansion through a run-time value": {
		// ${!x} reads the variable x's value names; a name b[$(cmd)]
		// has its subscript evaluated, which runs cmd. A file named
		// b[$(cmd)] in the tree made `for x in *; do echo ${!x}; done`
		// run cmd under Bash(echo:*); read x < f did it for a file's text.
		{red18shellPrefix, "default", `for x in *; do echo ${!x}; done`, "ask"},
		{red18shellPrefix, "default", `for x in b*; do echo "${!x}"; done`, "ask"},
		{red18shellPrefix, "default", `for x in *; do echo "${!x:-none}"; done`, "ask"},
		{red18shellPrefix, "default", `for x in ./*; do echo ${!x@Q}; done`, "ask"},
		{red18shellPrefix, "dontAsk", `for x in *; do echo ${!x}; done`, "deny"},
		{red18shellRmDeny, "default", `read x < f; echo ${!x}`, "ask"},
		{red18shellRmDeny, "default", `read x < f; printf -v y %s "${!x}"`, "ask"},
		{red18shellRmDeny, "default", `mapfile -t l < f; echo ${!l}`, "ask"},
		{red18shellRmDeny, "default", `mapfile -t l < f; echo "${!l[0]}"`, "ask"},
		{red18shellRmDeny, "default", `read < f; : "${!REPLY}"`, "ask"},
		{red18shellRmDeny, "default", `f() { echo "${!1}"; }; f b*`, "ask"},
		{red18shellNone, "default", `for x in *; do echo ${!x}; done`, "notallow"},
		// Benign neighbours: names the script spells, keys, prefixes.
		{red18shellPrefix, "default", `for v in PATH HOME; do echo "${!v}"; done`, "allow"},
		{red18shellPrefix, "default", `echo ${!BASH*}`, "allow"},
		{red18shellPrefix, "default", `for f in *; do echo "${f}"; done`, "allow"},
		{red18shellRmDeny, "default", `x=HOME; echo ${!x}`, "allow"},
		{red18shellRmDeny, "default", `a=(1 2); echo ${!a[@]} ${!a[*]}`, "allow"},
	},
	"r18-3 the shell's own run-time variables evaluated again": {
		// $_ is the last word of the previous command after expansion:
		// after ls b*, a file named b[$(cmd)]; arithmetic, a subscript or
		// ${!_} evaluates it and runs cmd ([[ _ -eq 1 ]] was allowed
		// with no rule at all). BASH_REMATCH holds what [[ =~ ]] matched.
		{red18shellNone, "default", `ls b*; [[ _ -eq 1 ]]`, "notallow"},
		{red18shellNone, "default", `ls b*; [[ $_ -gt 0 ]]`, "notallow"},
		{red18shellPrefix, "default", `echo b*; echo $((_))`, "ask"},
		{red18shellPrefix, "default", `echo b* >/dev/null; echo ${!_}`, "ask"},
		{red18shellPrefix, "default", `ls b*; echo ${a[_]}`, "ask"},
		{red18shellPrefix, "default", `ls -d ./b*; echo "${x:_}"`, "ask"},
		{red18shellPrefix, "default", `ls b*; [[ ${_} -eq 1 ]]`, "ask"},
		{red18shellRmDeny, "default", `: b*; (( _ ))`, "ask"},
		{red18shellRmDeny, "default", `: b*; echo $[_]`, "ask"},
		{red18shellRmDeny, "default", `: b*; a[_]=1`, "ask"},
		{red18shellRmDeny, "default", `: b*; let x=_`, "ask"},
		{red18shellRmDeny, "default", `for f in *; do [[ $f =~ (.*) ]] && echo $((BASH_REMATCH[1])); done`, "ask"},
		{red18shellRmDeny, "dontAsk", `ls b*; [[ _ -eq 1 ]]`, "deny"},
		// Benign neighbours: $_ as a word, and arithmetic on the script's
		// own numbers.
		{red18shellPrefix, "default", `echo b*; echo "$_"`, "allow"},
		{red18shellRmDeny, "default", `ls b*; echo "$_" ${_}`, "allow"},
		{red18shellPrefix, "default", `echo $(( 1 + 2 ))`, "allow"},
		{red18shellNone, "default", `ls; [[ 1 -eq 1 ]]`, "allow"},
	},
	"r18-4 a variable test whose name is a glob or an expansion": {
		// test -v NAME looks NAME up and evaluates its subscript; a glob
		// b* matching a file named b[$(cmd)], or a value read at run
		// time, ran cmd. test and [ are read-only: approved with no rule.
		{red18shellNone, "default", `test -v b*`, "ask"},
		{red18shellNone, "default", `[ -v b* ]`, "ask"},
		{red18shellNone, "default", `[ ! -v ?\[* ]`, "ask"},
		{red18shellNone, "default", `test ! -v b\[*`, "ask"},
		{red18shellNone, "default", `[ -R b* ] || echo no`, "ask"}, // fails closed: -R evaluates nothing
		{red18shellNone, "default", `builtin test -v b*`, "notallow"},
		{red18shellNone, "dontAsk", `[ -v b* ]`, "deny"},
		{red18shellPrefix, "default", `for x in *; do test -v "$x" && echo "$x"; done`, "ask"},
		{red18shellPrefix, "default", `for x in *; do [[ -v $x ]] && echo set; done`, "ask"},
		{red18shellRmDeny, "default", `for x in *; do [ -v "$x" ]; done`, "ask"},
		{red18shellRmDeny, "default", `read x < f; test -v "$x"`, "ask"},
		{red18shellRmDeny, "default", `read x < f; [[ -v ${x} ]]`, "ask"},
		{red18shellRmDeny, "default", `[[ -v $(cat f) ]]`, "ask"},
		// Benign neighbours: names spelled statically, other tests.
		{red18shellNone, "default", `test -v HOME`, "allow"},
		{red18shellNone, "default", `[ -v HOME ] && echo set`, "allow"},
		{red18shellNone, "default", `test -v a[1]`, "allow"},
		{red18shellNone, "default", `test -v "x"`, "allow"},
		{red18shellNone, "default", `test -n "$HOME"`, "allow"},
		{red18shellNone, "default", `test -f "$HOME/x"`, "allow"}, // [ -f "$HOME/x" ] asks, as in the reference
		{red18shellRmDeny, "default", `[[ -v a[1] ]] || [[ -v HOME ]]`, "allow"},
	},
	"r18-5 unset of a name known only at run time": {
		// unset NAME evaluates NAME's subscript when its array exists:
		// b=(1); unset b* with a file named b[$(cmd)] ran cmd, as did the
		// same name through a loop variable, $_ or a value read from a file.
		{red18shellRmDeny, "default", `b=(1); unset b*`, "ask"},
		{red18shellRmDeny, "default", `b=(1); unset -v -- b*`, "ask"},
		{red18shellRmDeny, "default", `b=(1); for x in b*; do unset "$x"; done`, "ask"},
		{red18shellRmDeny, "default", `b=(1); ls b*; unset "$_"`, "ask"},
		{red18shellRmDeny, "default", `b=(1); read x < f; builtin unset "$x"`, "ask"},
		{red18shellRmDeny, "default", `b=(1); mapfile -t l < f; unset "${l[0]}"`, "ask"},
		{red18shellRmDeny, "dontAsk", `b=(1); unset b*`, "deny"},
		// Benign neighbours: names the script spells.
		{red18shellRmDeny, "default", `unset x y; unset -v x; unset -f f`, "allow"},
		{red18shellRmDeny, "default", `a=(1 2); unset 'a[0]' a[1]`, "allow"},
		{red18shellRmDeny, "default", `for v in A B; do unset "$v"; done`, "allow"},
		{red18shellRmDeny, "default", `for v in PATH HOME; do test -v "$v" && echo "$v"; done`, "allow"},
		{red18shellRmDeny, "default", `read x < f; unset x`, "allow"},
	},
}

// TestRed18shellDisguises decides every round-18 shell row.
func TestRed18shellDisguises(t *testing.T) {
	runShellRows(t, map[string]string{"f": "a b\n", "y": "keep\n", ".env": "SECRET=1\n"}, red18shellClasses)
}
