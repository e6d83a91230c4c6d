package bashparse

import "testing"

// red13traceDisguises are shell-state forms: an earlier word or line
// changes what a later word runs (aliases, functions, hashing, traps,
// prompts, history, indirection, exported functions).
var red13traceDisguises = []string{
	// Aliases defined earlier, in eval, in a sourced here-doc, or chained
	// through a trailing blank.
	`shopt -s expand_aliases; alias ls=rm
ls -rf victim`,
	`shopt -s expand_aliases
alias ls='rm -rf'
ls victim`,
	`shopt -s expand_aliases; eval 'alias ls=rm'
ls -rf victim`,
	`shopt -s expand_aliases; source /dev/stdin <<'E'
alias ls=rm
E
ls -rf victim`,
	`shopt -s expand_aliases; . /dev/stdin <<<'alias ls=rm'
ls -rf victim`,
	`shopt -s expand_aliases; alias s='sudo ' ls=rm
s ls -rf victim 2>/dev/null; true`,
	`shopt -s expand_aliases; alias e='echo ' x='$(rm -rf victim)'
e x`,
	`shopt -s expand_aliases; alias n='nice ' ls=rm
n ls -rf victim`,
	`shopt -s expand_aliases; alias t='time ' ls=rm
t ls -rf victim`,
	`shopt -s expand_aliases; alias c='command ' ls=rm
c ls -rf victim`,
	`shopt -s expand_aliases; alias ls='rm '; alias v=victim
ls -rf v`,
	`shopt -s expand_aliases; alias -- ls=rm
ls -rf victim`,
	`shopt -s expand_aliases; builtin alias ls=rm
ls -rf victim`,
	`shopt -s expand_aliases; command alias ls=rm
ls -rf victim`,
	`shopt -s expand_aliases; a=ls=rm; alias "$a"
ls -rf victim`,
	`shopt -s expand_aliases; alias ls=rm; if true; then
ls -rf victim
fi`,
	`shopt -s expand_aliases; alias ls=rm; f() {
ls -rf victim
}; f`,
	`shopt -s expand_aliases; alias ls=rm
(ls -rf victim)`,
	`shopt -s expand_aliases; alias ls=rm
echo $(ls -rf victim)`,
	`shopt -s expand_aliases; alias ls=rm
x=1 ls -rf victim`,
	`shopt -s expand_aliases; alias ls=rm
eval ls -rf victim`,
	`shopt -s expand_aliases; alias 'if'=rm
if -rf victim`,
	`shopt -s expand_aliases; alias ls='{ rm -rf victim; }'
ls`,
	`shopt -s expand_aliases; alias ls='rm -rf victim;'
ls`,
	`shopt -s expand_aliases; alias ls='rm -rf victim #'
ls -l`,
	`shopt -s expand_aliases; alias ll='ls -l'
ll`,
	`alias ll='ls -l'; ll 2>/dev/null; true`,
	`bash -O expand_aliases -c 'alias ls=rm
ls -rf victim'`,
	`bash -i -c 'alias ls=rm
ls -rf victim' 2>/dev/null`,
	`shopt -s expand_aliases; unalias -a; alias ls=rm
ls -rf victim`,
	// Functions shadowing names.
	`ls(){ rm "$@"; }; ls -rf victim`,
	`ls() { rm "$@"; }
ls -rf victim`,
	`function ls { rm "$@"; }; ls -rf victim`,
	`function ls() { rm "$@"; }; ls -rf victim`,
	`function ls () ( rm "$@" ); ls -rf victim`,
	`ls() if true; then rm "$@"; fi; ls -rf victim`,
	`ls() for a; do rm -rf "$a"; done; ls victim`,
	`ls() [[ -n $(rm -rf victim) ]]; ls`,
	`ls() (( $(rm -rf victim) 0 )); ls`,
	`echo() { rm "$@"; }; echo -rf victim`,
	`cd() { rm "$@"; }; cd -rf victim`,
	`true() { rm -rf victim; }; true`,
	`test() { rm -rf victim; }; [ -e x ]; test -e x`,
	`printf() { rm "$@"; }; printf -rf victim`,
	`command_not_found_handle() { rm "$@"; }; nosuch -rf victim`,
	`command_not_found_handle() { "${@:2}"; }; nosuch rm -rf victim`,
	`function command_not_found_handle { rm -rf victim; }; zzz`,
	`eval 'ls() { rm "$@"; }'; ls -rf victim`,
	`source /dev/stdin <<'E'
ls() { rm "$@"; }
E
ls -rf victim`,
	`f=ls; eval "$f() { rm \"\$@\"; }"; ls -rf victim`,
	`git() { rm "$@"; }; git -rf victim`,
	`git() { command git "$@"; }; git status`,
	`ls() { echo hi; }; ls`,
	`l\s() { rm "$@"; }; ls -rf victim`,
	`'ls'() { rm "$@"; }; ls -rf victim 2>/dev/null; true`,
	`ls.x() { rm "$@"; }; ls.x -rf victim`,
	`-() { rm "$@"; }; - -rf victim`,
	`f() { g() { rm "$@"; }; }; f; g -rf victim`,
	`unset -f ls; ls() { rm "$@"; }; ls -rf victim`,
	`declare -f ls >/dev/null; ls() { rm "$@"; }; ls -rf victim`,
	// hash, BASH_CMDS, BASH_ALIASES, enable.
	`hash -p .bin/rm ls; ls -rf victim`,
	`hash -p "$PWD/.bin/rm" ls; ls -rf victim`,
	`builtin hash -p .bin/rm ls; ls -rf victim`,
	`command hash -p .bin/rm ls; ls -rf victim`,
	`eval 'hash -p .bin/rm ls'; ls -rf victim`,
	`h=hash; $h -p .bin/rm ls; ls -rf victim`,
	`hash -tp .bin/rm ls 2>/dev/null; ls -rf victim`,
	`BASH_CMDS[ls]=.bin/rm ; ls -rf victim`,
	`BASH_CMDS["ls"]=.bin/rm ; ls -rf victim`,
	`BASH_CMDS[l\s]=.bin/rm ; ls -rf victim`,
	`k=ls; BASH_CMDS[$k]=.bin/rm ; ls -rf victim`,
	`declare BASH_CMDS[ls]=.bin/rm; ls -rf victim`,
	`eval 'BASH_CMDS[ls]=.bin/rm'; ls -rf victim`,
	`read 'BASH_CMDS[ls]' <<<.bin/rm; ls -rf victim`,
	`printf -v 'BASH_CMDS[ls]' .bin/rm; ls -rf victim`,
	`declare -n r=BASH_CMDS; r[ls]=.bin/rm; ls -rf victim`,
	`shopt -s expand_aliases; declare -n r=BASH_ALIASES; r[ls]=rm
ls -rf victim`,
	`shopt -s expand_aliases; read 'BASH_ALIASES[ls]' <<<rm
ls -rf victim`,
	`shopt -s expand_aliases; printf -v 'BASH_ALIASES[ls]' rm
ls -rf victim`,
	`shopt -s expand_aliases; BASH_ALIASES["ls"]=rm
ls -rf victim`,
	`enable -n echo; echo -rf victim 2>/dev/null; true`,
	`cp .bin/rm .bin/echo; enable -n echo; echo -rf victim`,
	`cp .bin/rm .bin/test; enable -n test; test -rf victim`,
	`enable -n kill; cp .bin/rm .bin/kill; kill -rf victim`,
	`enable -f /nonexistent.so x 2>/dev/null; rm -rf victim`,
	// Positional parameters, indirection, namerefs, printf -v, read.
	`set -- rm -rf victim; "$@"`,
	`set -- rm -rf victim; $@`,
	`set rm -rf victim; "$@"`,
	`set -- rm; "$1" -rf victim`,
	`set -- x rm; shift; "$1" -rf victim`,
	`set -- rm -rf victim; "${@:1}"`,
	`set -- a rm -rf victim; "${@:2}"`,
	`set -- rm; ${1} -rf victim`,
	`set -- rm; "${!#}" -rf victim`,
	`f() { "$@"; }; f rm -rf victim`,
	`f() { "${@}"; }; f rm -rf victim`,
	`f() { local c=$1; shift; $c "$@"; }; f rm -rf victim`,
	`c=rm; n=c; ${!n} -rf victim`,
	`c=rm; n=c; "${!n}" -rf victim`,
	`a=(rm -rf victim); n='a[@]'; "${!n}"`,
	`declare -n r=c; c=rm; "$r" -rf victim`,
	`c=rm; declare -n r=c; $r -rf victim`,
	`typeset -n r=c; c=rm; $r -rf victim`,
	`local -n r=c 2>/dev/null; c=rm; declare -n r=c; $r -rf victim`,
	`printf -v c %s rm; $c -rf victim`,
	`printf -v c '%s' r m; $c -rf victim 2>/dev/null; printf -v c '%s%s' r m; $c -rf victim`,
	`read -r c <<<rm; $c -rf victim`,
	`read -a c <<<'rm -rf victim'; "${c[@]}"`,
	`read -e c <<<rm 2>/dev/null; $c -rf victim`,
	`mapfile c <<<rm; ${c[0]} -rf victim`,
	`readarray -t c <<<rm; ${c[0]} -rf victim`,
	`mapfile -C 'rm -rf victim;:' -c 1 a <<<x`,
	`mapfile -C "rm -rf" -c 1 a <<<victim`,
	`readarray -C 'rm -rf victim;:' -c 1 a <<<x`,
	`mapfile -c1 -C'rm -rf victim;:' a <<<x`,
	`cb() { rm -rf victim; }; mapfile -C cb -c 1 a <<<x`,
	// Completion, bind, history, fc.
	`complete -C 'rm -rf victim' x; compgen -C 'rm -rf victim' x`,
	`bind -x '"\C-x": rm -rf victim' 2>/dev/null; rm -rf victim`,
	`history -s rm -rf victim; fc -s 2>/dev/null; true`,
	`set -o history; history -s 'rm -rf victim'; fc -s`,
	`set -o history; history -s 'ls -rf victim'; fc -s ls=rm`,
	`set -o history; history -s 'rm -rf victim'; fc -e - 2>/dev/null`,
	`set -o history; history -s 'x'; FCEDIT=rm fc 2>/dev/null; true`,
	`set -o history; history -s 'x'; fc -e 'rm -rf victim;:' 2>/dev/null; true`,
	`set -o history -H; history -s 'rm -rf victim'
!!`,
	`history -s 'rm -rf victim'; eval "$(history 1 | cut -c8-)"`,
	// Prompts and traps.
	`PROMPT_COMMAND='rm -rf victim'; :`,
	`PS0='$(rm -rf victim)'; :`,
	`PS4='$(rm -rf victim)'; set -x; :`,
	`PS4='$(rm -rf victim)' ; set -o xtrace; echo`,
	`export PS4='$(rm -rf victim)'; bash -xc :`,
	`PS4='$(rm -rf victim)' bash -xc : 2>/dev/null`,
	`set -x; PS4='$(rm -rf victim)'; :`,
	`trap 'rm -rf victim' DEBUG; :`,
	`trap 'rm -rf victim' EXIT`,
	`trap 'rm -rf victim' 0`,
	`trap 'rm -rf victim' ERR; false`,
	`f() { :; }; trap 'rm -rf victim' RETURN; f`,
	`trap -- 'rm -rf victim' EXIT`,
	`trap "rm -rf victim" SIGTERM; kill $$`,
	`t='rm -rf victim'; trap "$t" EXIT`,
	`trap "$(echo rm -rf victim)" EXIT`,
	`builtin trap 'rm -rf victim' EXIT`,
	`command trap 'rm -rf victim' EXIT`,
	`eval "trap 'rm -rf victim' EXIT"`,
	`trap 'trap "rm -rf victim" EXIT' DEBUG; :`,
	`trap - EXIT; rm -rf victim`,
	`trap -p >/dev/null`,
	// exec -a, select, coproc, time, !.
	`exec -a ls rm -rf victim`,
	`exec -a 'ls' -- rm -rf victim 2>/dev/null; true`,
	`(exec -la ls rm -rf victim)`,
	`select x in rm; do $x -rf victim; break; done <<<1 2>/dev/null`,
	`select x; do rm -rf victim; break; done <<<1 2>/dev/null`,
	`set -- rm; select x; do $x -rf victim; break; done <<<1 2>/dev/null`,
	`coproc X { rm -rf victim; }; wait`,
	`coproc X (rm -rf victim); wait`,
	`coproc rm -rf victim; wait`,
	`coproc X { cat victim; } ; wait`,
	`time -p rm -rf victim 2>/dev/null`,
	`time -p -- rm -rf victim 2>/dev/null`,
	`! time rm -rf victim 2>/dev/null`,
	`time ! rm -rf victim 2>/dev/null`,
	`! { rm -rf victim; }`,
	// [[ -v ]] and arithmetic subscripts through variables.
	`[[ -v a[$(rm -rf victim)] ]]`,
	`[[ -v 'a[$(rm -rf victim)]' ]]`,
	`x='a[$(rm -rf victim)]'; [[ -v $x ]]`,
	`x='a[$(rm -rf victim)]'; [[ -v "$x" ]]`,
	`x='$(rm -rf victim)'; [[ -v a[$x] ]]`,
	`x='a[$(rm -rf victim)]'; let x`,
	`x='a[$(rm -rf victim)]'; let y=x`,
	`x='a[$(rm -rf victim)]'; ((x))`,
	`x='a[$(rm -rf victim)]'; ((y=x+1))`,
	`x='a[$(rm -rf victim)]'; y=x; ((y))`,
	`x='a[$(rm -rf victim)]'; declare -i y; y=x`,
	`x='a[$(rm -rf victim)]'; : $((x))`,
	`x='$(rm -rf victim)'; let "a[$x]"`,
	`x='$(rm -rf victim)'; ((a[$x]=1))`,
	`x='$(rm -rf victim)'; : ${a[$x]}`,
	`x='$(rm -rf victim)'; [[ a[$x] -eq 0 ]]`,
	`x='$(rm -rf victim)'; test a[$x] -eq 0 2>/dev/null; :`,
	`x='$(rm -rf victim)'; a=(); a[$x]=1 2>/dev/null; :`,
	`read x <<<'a[$(rm -rf victim)]'; ((x))`,
	`printf -v x 'a[$(rm -rf victim)]'; ((x))`,
	`mapfile -t m <<<'a[$(rm -rf victim)]'; ((m[0]))`,
	`set -- 'a[$(rm -rf victim)]'; (($1))`,
	`set -- 'a[$(rm -rf victim)]'; let "$1"`,
	`x=$'a[$(rm -rf victim)]'; ((x))`,
	// Exported functions and environment.
	`ls() { rm "$@"; }; export -f ls; bash -c 'ls -rf victim'`,
	`f() { rm -rf victim; }; export -f f; bash -c f`,
	`f() { rm -rf victim; }; declare -fx f; bash -c f`,
	`f() { rm -rf victim; }; typeset -fx f; sh -c f`,
	`env 'BASH_FUNC_ls%%=() { rm "$@"; }' bash -c 'ls -rf victim'`,
	`env 'BASH_FUNC_f%%=() { rm -rf victim; }' bash -c f`,
	`export 'BASH_FUNC_f%%=() { rm -rf victim; }'; bash -c f 2>/dev/null; true`,
	`env -S 'rm -rf victim'`,
	`env -S'rm -rf victim'`,
	`env --split-string='rm -rf victim'`,
	`env -S 'X=1 rm -rf victim'`,
	`env -S"rm -rf victim"`,
	`env -iS 'rm -rf victim' 2>/dev/null; env -S 'PATH=.bin rm -rf victim'`,
	`env -- rm -rf victim`,
	`env -u X rm -rf victim`,
	`env -C . rm -rf victim`,
	`env --chdir=. rm -rf victim`,
	`env -P .bin rm -rf victim 2>/dev/null; true`,
	`env -a ls rm -rf victim 2>/dev/null; true`,
	`env --argv0=ls rm -rf victim 2>/dev/null; true`,
	`env --default-signal rm -rf victim`,
	`env --ignore-signal=INT rm -rf victim`,
	`env --block-signal rm -rf victim`,
	`env -vS 'rm -rf victim' 2>/dev/null`,
	`BASH_ENV=/dev/stdin bash -c : <<<'rm -rf victim'`,
	`SHELLOPTS=xtrace PS4='$(rm -rf victim)' bash -c : 2>/dev/null`,
	`BASHOPTS=expand_aliases bash -c 'alias ls=rm
ls -rf victim'`,
	`env BASHOPTS=expand_aliases bash -c 'alias ls=rm
ls -rf victim'`,
	`PROMPT_COMMAND='rm -rf victim' bash -i </dev/null 2>/dev/null`,
	`bash --rcfile <(echo rm -rf victim) -i </dev/null 2>/dev/null`,
	`bash --init-file /dev/stdin -i <<<'rm -rf victim' 2>/dev/null`,
	`env -S 'rm\_-rf\_victim'`,
	`env -S"cat\_victim"`,
	`env -S 'rm -rf victim #x' other`,
	`env -S 'rm\c -rf victim'`,
	`env -S 'rm "-rf" '\''victim'\'`,
	`f() { ls -rf victim; }; hash -p .bin/rm ls; f`,
	`trap 'ls -rf victim' EXIT; hash -p .bin/rm ls`,
	`for i in 1 2; do ls -rf victim; hash -p .bin/rm ls; done`,
	`f() { command ls -rf victim; }; eval 'hash -p .bin/rm ls'; f`,
	`x=-T.env; curl "$x" file://$PWD/up`,
	`x=-Tvictim; curl "$x" file://$PWD/up`,
	`for u in -Tvictim; do curl -s "$u" file://$PWD/up; done`,
	`echo 'rm -rf victim' > cmds; set -o history; history -r cmds; fc -e -`,
	`echo 'rm -rf victim' > cmds; set -o history; history -r cmds; fc -e true`,
	`echo 'rm -rf victim' > cmds; set -o history; HISTFILE=cmds; history -r; EDITOR=: fc -1`,
	`set -o history; history -s 'rm -rf victim'; fc -l`,
	// Harmless neighbours.
	`alias ll='ls -l'`,
	`f() { echo hi; }; f`,
	`trap 'echo bye' EXIT`,
	`PS4='+ '; set -x; echo hi`,
	`set -- a b; echo "$@"`,
	`c=echo; n=c; ${!n} hi`,
	`hash -r; ls`,
	`env -S 'echo hi'`,
}

// TestTraceDiffRed13 compares the analysis with what bash really runs for
// the shell-state disguises.
func TestTraceDiffRed13(t *testing.T) { red12traceCompare(t, red13traceDisguises) }
