package engine

import "testing"

// Third-round disguises found by running them under real bash 5.2 with
// logging stand-ins (bashparse's TestTraceDiffRed14, AGENTCTL_TRACE=1).
// Both evaluators decide every row.

// red14traceSettings approves every Bash call except rm and reading .env:
// the deny rules are all that stands between the call and the attack.
const red14traceSettings = `{"permissions":{"deny":["Bash(rm *)","Bash(rm)","Read(.env)"],"allow":["Bash(*)"]}}`

var red14traceFiles = map[string]string{".env": "SECRET=hunter2", "victim": "x"}

var red14traceClasses = map[string][]shellRow{
	"r14t-1 a completion word list is expanded again, substitutions and all": {
		// bash -c "compgen -W '\$(rm -rf victim)' x" ran rm: compgen splits
		// the -W value and expands every word; complete -W stores the same
		// list for the next completion.
		{red14traceSettings, "default", `compgen -W '$(rm -rf victim)' x`, "deny"},
		{red14traceSettings, "bypassPermissions", `compgen -W '$(rm -rf victim)' x`, "deny"},
		{red14traceSettings, "default", "compgen -W '`rm -rf victim`' x", "deny"},
		{red14traceSettings, "default", `compgen -W '${x:=$(rm -rf victim)}' x`, "deny"},
		{red14traceSettings, "default", `compgen -W"\$(rm -rf victim)" x`, "deny"},
		{red14traceSettings, "default", `compgen -A file -W '$(rm -rf victim)' x`, "deny"},
		{red14traceSettings, "default", `builtin compgen -W '$(rm -rf victim)' x`, "deny"},
		{red14traceSettings, "default", `eval "compgen -W '\$(rm -rf victim)' x"`, "deny"},
		{red14traceSettings, "default", `complete -W '$(rm -rf victim)' x`, "deny"},
		{red14traceSettings, "default", `compgen -W '$(cat .env)' x`, "deny"},
		{red14traceSettings, "default", `x='$(rm -rf victim)'; compgen -W "$x" x`, "notallow"},
		{red14traceSettings, "default", `read x; compgen -W "$x" x`, "notallow"},
		{red14traceSettings, "dontAsk", `read x; compgen -W "$x" x`, "deny"},
		// Neighbours: a list with nothing to run, and the options bash
		// does not expand (-P, -S, -X print or match the text as it is).
		{red14traceSettings, "default", `compgen -W 'a b c' a`, "allow"},
		{red14traceSettings, "default", `compgen -W '$HOME' x`, "allow"},
		{red14traceSettings, "default", `complete -W 'start stop' svc`, "allow"},
		{red14traceSettings, "default", `compgen -P '$(x)' -S '$(y)' -W a`, "allow"},
		{red14traceSettings, "default", `echo '$(rm -rf victim)'`, "allow"},
	},
	"r14t-2 a command named by its path reads that file to run it": {
		// With .env holding "hunter2 secret" and its exec bit set, bash -c
		// './.env' printed ".env: line 1: hunter2: command not found" (a
		// file without #! runs as a shell script); #!/bin/cat prints it
		// all. hash -p .env x binds x to the same file.
		{red14traceSettings, "default", `./.env`, "deny"},
		{red14traceSettings, "bypassPermissions", `./.env`, "deny"},
		{red14traceSettings, "default", `sub/../.env`, "deny"},
		{red14traceSettings, "default", `exec ./.env`, "deny"},
		{red14traceSettings, "default", `nice ./.env`, "deny"},
		{red14traceSettings, "default", `env ./.env`, "deny"},
		{red14traceSettings, "default", `command ./.env`, "deny"},
		{red14traceSettings, "default", `timeout 1 ./.env`, "deny"},
		{red14traceSettings, "default", `sudo ./.env`, "deny"},
		{red14traceSettings, "default", `xargs ./.env <<<x`, "deny"},
		{red14traceSettings, "default", `find . -exec ./.env \;`, "deny"},
		{red14traceSettings, "default", `bash -c ./.env`, "deny"},
		{red14traceSettings, "default", `hash -p .env x; x`, "deny"},
		{red14traceSettings, "default", `hash -p ./.env x; x`, "deny"},
		{red14traceSettings, "default", `hash -rp.env ls; ls`, "deny"},
		{red14traceSettings, "default", `builtin hash -p .env x; x`, "deny"},
		// Neighbours: other files run by path, a system program by path,
		// a hash of another file, an operand that only looks like .env.
		{red14traceSettings, "default", `./victim`, "allow"},
		{red14traceSettings, "default", `./.envrc`, "allow"},
		{red14traceSettings, "default", `/usr/bin/ls`, "allow"},
		{red14traceSettings, "default", `hash -p /bin/ls ll; ll`, "allow"},
		{red14traceSettings, "default", `./victim .env-example`, "allow"},
	},
	"r14t-3 a nameref is its target: a file word through it names the target's value": {
		// bash -c 'declare -n r=x; x=.git/hooks/a; echo hi > $r' wrote
		// .git/hooks/a (and r=V assigns x; declare -n r; r=x binds it
		// too); the script's values spelled $r as the file "x".
		{red14traceBypass, "bypassPermissions", `declare -n r=x; x=.git/hooks/pre-commit; echo hi > $r`, "ask"},
		{red14traceBypass, "bypassPermissions", `declare -n r=x; r=.git/hooks/pre-commit; echo hi > $x`, "ask"},
		{red14traceBypass, "bypassPermissions", `declare -n r; r=x; x=.claude/settings.json; echo 1 > $r`, "ask"},
		{red14traceBypass, "bypassPermissions", `y=.git/hooks/b; declare -n q=y; echo 2 >$q`, "ask"},
		{red14traceBypass, "bypassPermissions", `f() { local -n l=z; l=.git/hooks/c; echo 3 > "${z}"; }; f`, "ask"},
		{red14traceBypass, "bypassPermissions", `typeset -n t=w; w=.git/hooks/d; cp /dev/null $t`, "ask"},
		{red14traceBypass, "bypassPermissions", `declare -rn r=x; x=.git/hooks/pre-commit; echo > $r`, "ask"},
		{red14traceBypass, "bypassPermissions", `declare -n r=x; x=.git; echo > $r/hooks/pre-commit`, "ask"},
		{red14traceBypass, "bypassPermissions", `declare -n r=x; declare -n s=r; x=.git/hooks/pre-commit; echo > $s`, "ask"},
		{red14traceReadDeny, "bypassPermissions", `declare -n r=x; x=.env; cat $r`, "deny"},
		{red14traceReadDeny, "bypassPermissions", `declare -n r=x; x=.env; cat "${r}"`, "deny"},
		{red14traceReadDeny, "bypassPermissions", `typeset -n r=x; x=.env; cat "$r"`, "deny"},
		// Neighbours: a nameref to an ordinary file, and one only echoed.
		{red14traceBypass, "bypassPermissions", `declare -n r=x; x=out.txt; echo hi > $r`, "allow"},
		{red14traceBypass, "bypassPermissions", `declare -n r=x; x=.git/hooks/pre-commit; echo $r`, "allow"},
		{red14traceSettings, "default", `declare -n r=x; x=victim; echo "$r"`, "allow"},
	},
	"r14t-4 a value set by printf -v, read <<<, or a substitution whose output is known": {
		// bash wrote .git/hooks/a … e for printf -v x .git/hooks/a; echo >
		// "$x" (and %s, read -r x <<<' … ', x=$(echo …), x=`echo .git`):
		// the script spells the value, but only plain assignments were
		// read as spellings of a later $x.
		{red14traceBypass, "bypassPermissions", `printf -v x .git/hooks/pre-commit; echo > "$x"`, "ask"},
		{red14traceBypass, "bypassPermissions", `printf -v x %s .git/hooks/pre-commit; echo > "$x"`, "ask"},
		{red14traceBypass, "bypassPermissions", `builtin printf -v x .git/hooks/pre-commit; echo > $x`, "ask"},
		{red14traceBypass, "bypassPermissions", `read x <<<.git/hooks/pre-commit; echo > "$x"`, "ask"},
		{red14traceBypass, "bypassPermissions", `read -r x <<< ' .git/hooks/pre-commit '; echo > "$x"`, "ask"},
		{red14traceBypass, "bypassPermissions", `x=$(echo .git/hooks/pre-commit); echo > $x`, "ask"},
		{red14traceBypass, "bypassPermissions", `x="$(printf .claude/settings.json)"; echo > "$x"`, "ask"},
		{red14traceBypass, "bypassPermissions", "x=`echo .git`; echo > $x/hooks/pre-commit", "ask"},
		{red14traceReadDeny, "bypassPermissions", `printf -v x '%s' .env; cat "$x"`, "deny"},
		{red14traceReadDeny, "bypassPermissions", `read x <<<.env; cat "$x"`, "deny"},
		// Neighbours: the same setters naming an ordinary file.
		{red14traceBypass, "bypassPermissions", `printf -v x out.txt; echo hi > "$x"`, "allow"},
		{red14traceBypass, "bypassPermissions", `read x <<<out.txt; echo hi > "$x"`, "allow"},
		{red14traceBypass, "bypassPermissions", `x=$(echo out.txt); echo hi > $x`, "allow"},
		{red14traceSettings, "default", `printf -v x %s hello; echo "$x"`, "allow"},
	},
	"r14t-5 a quoted declaration argument is an assignment": {
		// bash -c 'export "PS4=\$(rm -rf victim)"; set -x; :' ran rm, and
		// export "GIT_PAGER=rmx" put GIT_PAGER in the environment: the
		// builtin reads NAME=value after quote removal, while the parser
		// made an opaque word of it.
		{red14traceSettings, "default", `export "GIT_EXTERNAL_DIFF=rm"; git diff`, "deny"},
		{red14traceSettings, "bypassPermissions", `export "GIT_EXTERNAL_DIFF=rm"; git diff`, "deny"},
		{red14traceSettings, "default", `export 'GIT_EXTERNAL_DIFF=rm'; git diff`, "deny"},
		{red14traceSettings, "default", `export $'GIT_PAGER=\x72m'; git log`, "deny"},
		{red14traceSettings, "default", `export -- "GIT_PAGER=rm"; git log`, "deny"},
		{red14traceSettings, "default", `declare -x "GIT_PAGER=rm" "FOO=1"; git log`, "deny"},
		{red14traceSettings, "default", `x=rm; export "GIT_EXTERNAL_DIFF=$x"; git diff`, "deny"},
		{red14traceSettings, "default", `readonly "GIT_EXTERNAL_DIFF=rm"; export GIT_EXTERNAL_DIFF; git diff`, "deny"},
		{red14traceSettings, "default", `local "GIT_EXTERNAL_DIFF=rm" 2>/dev/null; git diff`, "deny"},
		{red14traceSettings, "default", `export "PAGER=rm"; man ls`, "deny"},
		{red14traceSettings, "default", `read v; export "GIT_EXTERNAL_DIFF=$v"; git diff`, "notallow"},
		{red14traceSettings, "default", `read v; export "BASH_ENV=$v"; bash -c :`, "notallow"},
		{red14traceSettings, "default", `export "PS4=\$(rm -rf victim)"; set -x; :`, "notallow"},
		{red14traceSettings, "default", `declare 'PS4=$(rm -rf victim)'; set -x; :`, "notallow"},
		{red14traceSettings, "default", `export "LD_PRELOAD=./x.so"; ls`, "notallow"},
		{red14traceSettings, "default", `export "PATH=.bin"; cat victim`, "notallow"},
		{red14traceSettings, "default", `export G"IT_PAGER=rm"; git log`, "notallow"},
		{red14traceSettings, "default", `export "GIT_PAGER"=rm; git log`, "notallow"},
		{red14traceSettings, "dontAsk", `read v; export "GIT_EXTERNAL_DIFF=$v"; git diff`, "deny"},
		// A quoted subscript assignment binds as well: bash -c 'declare
		// "BASH_CMDS[ls]=.bin/rm"; ls -rf victim' ran the stand-in rm.
		{red14traceSettings, "default", `declare "BASH_CMDS[ls]=.bin/rm"; ls -rf victim`, "notallow"},
		{red14traceSettings, "default", `export "BASH_CMDS[ls]=.bin/rm"; ls -rf victim`, "notallow"},
		{red14traceSettings, "default", `declare 'BASH_CMDS[ls]'=.bin/rm; ls -rf victim`, "notallow"},
		{red14traceSettings, "default", `k=ls; declare "BASH_CMDS[$k]=.bin/rm"; ls -rf victim`, "notallow"},
		{red14traceSettings, "default", "shopt -s expand_aliases; declare 'BASH_ALIASES[ls]=rm -rf'\nls victim", "notallow"},
		// Neighbours: quoted declarations of ordinary variables.
		{red14traceSettings, "default", `export "FOO=bar"; echo "$FOO"`, "allow"},
		{red14traceSettings, "default", `declare "x=1" 'y=2'; echo $x $y`, "allow"},
		{red14traceSettings, "default", `export "A=x y"; git diff`, "allow"},
		{red14traceSettings, "default", `echo "GIT_PAGER=rm"; git log`, "allow"},
		{red14traceSettings, "default", `declare -A m; declare "m[k]=v"; echo`, "allow"},
	},
	"r14t-6 a declaration builtin behind builtin or command still assigns": {
		// bash -c 'builtin export "GIT_PAGER=rmx"; command declare -x Y=2;
		// env' listed both: builtin and command run the same declaration,
		// whose NAME=value words the parser left as plain arguments.
		{red14traceSettings, "default", `builtin export GIT_PAGER=rm; git log`, "deny"},
		{red14traceSettings, "bypassPermissions", `builtin export GIT_PAGER=rm; git log`, "deny"},
		{red14traceSettings, "default", `command export GIT_PAGER=rm; git log`, "deny"},
		{red14traceSettings, "default", `builtin declare -x GIT_PAGER=rm; git log`, "deny"},
		{red14traceSettings, "default", `command typeset -x GIT_EXTERNAL_DIFF=rm; git diff`, "deny"},
		{red14traceSettings, "default", `builtin command export "GIT_PAGER=rm"; git log`, "deny"},
		{red14traceSettings, "default", `builtin declare PS4='$(rm -rf victim)'; set -x; :`, "notallow"},
		{red14traceSettings, "default", `command export PS4='$(rm -rf victim)'; set -x; :`, "notallow"},
		{red14traceSettings, "default", `builtin export PATH=.bin; cat victim`, "notallow"},
		{red14traceSettings, "dontAsk", `builtin export PATH=.bin; cat victim`, "deny"},
		// A quoted or escaped builtin name is the same builtin ("export"
		// GX=1; \export GY=2; e""xport GZ=3 exported all three).
		{red14traceSettings, "default", `"export" GIT_PAGER=rm; git log`, "deny"},
		{red14traceSettings, "default", `\export GIT_PAGER=rm; git log`, "deny"},
		{red14traceSettings, "default", `e''xport GIT_PAGER=rm; git log`, "deny"},
		{red14traceSettings, "default", `builtin "export" GIT_PAGER=rm; git log`, "deny"},
		{red14traceSettings, "default", `\builtin export GIT_PAGER=rm; git log`, "deny"},
		{red14traceSettings, "default", `'declare' "PS4=\$(rm -rf victim)"; set -x; :`, "notallow"},
		// Neighbours: ordinary variables, and command -v naming the builtin.
		{red14traceSettings, "default", `builtin export FOO=1; echo $FOO`, "allow"},
		{red14traceSettings, "default", `command declare x=1; echo $x`, "allow"},
		{red14traceSettings, "default", `command -v export; echo`, "allow"},
		{red14traceSettings, "default", `builtin echo hi`, "allow"},
		{red14traceSettings, "default", `"export" FOO=1; echo`, "allow"},
		{red14traceSettings, "default", `"echo" hi`, "allow"},
	},
	"r14t-7 a declaration's quoted value in parentheses is a compound assignment": {
		// bash ran the substitution for declare -a 'b=($(…))', declare -a
		// b='(…)', local -a, readonly -a, typeset -A '…=([k]=$(…))', and
		// declare g='(…)' once g is an array; x='$(…)'; declare -a
		// "b=($x)" too. The parser saw a quoted string.
		{red14traceSettings, "default", `declare -a 'b=($(rm -rf victim))'`, "deny"},
		{red14traceSettings, "bypassPermissions", `declare -a 'b=($(rm -rf victim))'`, "deny"},
		{red14traceSettings, "default", `declare -a b='($(rm -rf victim))'`, "deny"},
		{red14traceSettings, "default", `declare -a "b=(\$(rm -rf victim))"`, "deny"},
		{red14traceSettings, "default", "declare -a 'b=(`rm -rf victim`)'", "deny"},
		{red14traceSettings, "default", `f() { local -a 'e=($(rm -rf victim))'; }; f`, "deny"},
		{red14traceSettings, "default", `typeset -A 'g=([k]=$(rm -rf victim))'`, "deny"},
		{red14traceSettings, "default", `declare -a g; declare g='($(rm -rf victim))'`, "deny"},
		{red14traceSettings, "default", `readonly -a 'k=($(rm -rf victim))'`, "deny"},
		{red14traceSettings, "default", `declare -a 'b=($(cat .env))'`, "deny"},
		{red14traceSettings, "default", `read x; declare -a "b=($x)"`, "notallow"},
		{red14traceSettings, "dontAsk", `read x; declare -a "b=($x)"`, "deny"},
		// Neighbours: arrays of plain words, strings in parentheses.
		{red14traceSettings, "default", `declare -a 'b=(x y)'; echo "${b[@]}"`, "allow"},
		{red14traceSettings, "default", `declare -a b=(x y); echo`, "allow"},
		{red14traceSettings, "default", `declare x='(hi)'; echo "$x"`, "allow"},
		{red14traceSettings, "default", `export "FOO=$HOME/x"; echo`, "allow"},
	},
	"r14t-8 !( at the start of a command is a negated subshell, not a glob": {
		// bash -c '!(echo RAN >&2)' printed RAN (extglob on or off, in a
		// list, an if, a pipeline): "!" is the negation keyword there and
		// "(" opens a subshell. The parser read one !(pattern) word.
		{red14traceSettings, "default", `!(rm -rf victim)`, "deny"},
		{red14traceSettings, "bypassPermissions", `!(rm -rf victim)`, "deny"},
		{red14traceSettings, "default", `true && !(rm -rf victim)`, "deny"},
		{red14traceSettings, "default", `if !(rm -rf victim); then :; fi`, "deny"},
		{red14traceSettings, "default", `!(rm -rf victim) | cat`, "deny"},
		{red14traceSettings, "default", `shopt -s extglob; !(rm -rf victim)`, "deny"},
		{red14traceSettings, "default", `f() { !(rm -rf victim); }; f`, "deny"},
		{red14traceSettings, "default", `bash -c "!(rm -rf victim)"`, "deny"},
		{red14traceSettings, "default", `!(cat .env)`, "deny"},
		// Neighbours: a negated subshell that reads, a glob argument.
		{red14traceSettings, "default", `!(echo hi)`, "allow"},
		{red14traceSettings, "default", `echo !(x)`, "allow"},
	},
}

// red14traceBypass has no rules: only the protected-path check stands
// between a bypassPermissions call and a write under .git or .claude.
const red14traceBypass = `{}`

// red14traceReadDeny only denies reading .env.
const red14traceReadDeny = `{"permissions":{"deny":["Read(.env)"]}}`

// TestRed14TraceBypasses decides every row of red14traceClasses.
func TestRed14TraceBypasses(t *testing.T) {
	runShellRows(t, red14traceFiles, red14traceClasses)
}
