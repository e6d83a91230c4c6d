package bashparse

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// The static analysis is checked against real bash: each disguise runs
// under bash -c in a throwaway directory whose PATH starts with harmless
// stand-ins (rm, cat, curl, git, …) that only log their argv. Every logged
// program must be a command of the analysis with the same arguments,
// unless the analysis already says a part is unresolved (the engine then
// asks). Run with AGENTCTL_TRACE=1; CI does not depend on a bash.

// red12traceStandins are the programs replaced by loggers.
var red12traceStandins = []string{"rm", "cat", "curl", "git", "chmod", "cp", "mv", "tee", "dd", "wget", "touch", "base64", "nc", "ssh", "python3", "node"}

// red12traceDisguises are forms that run rm (or another stand-in) in
// ways a reader may miss.
var red12traceDisguises = []string{
	`rm -rf victim`,
	`\rm -rf victim`,
	`r\m -rf victim`,
	`'r'm -rf victim`,
	`$'\x72m' -rf victim`,
	`$'\162m' -rf victim`,
	`"rm" -rf victim`,
	`{rm,-rf,victim}`,
	`r{m,} -rf victim 2>/dev/null; true`,
	`command rm -rf victim`,
	`builtin command rm -rf victim`,
	`exec rm -rf victim`,
	`time rm -rf victim`,
	`! rm -rf victim`,
	`>/dev/null rm -rf victim`,
	`2>&1 rm -rf victim`,
	`X=1 rm -rf victim`,
	`f() { rm -rf victim; }; f`,
	`function f { rm "$@"; }; f -rf victim`,
	`shopt -s expand_aliases
alias ls=rm
ls -rf victim`,
	`eval 'rm -rf victim'`,
	`eval "r""m -rf victim"`,
	`source /dev/stdin <<'E'
rm -rf victim
E`,
	`. /dev/stdin <<<'rm -rf victim'`,
	`bash <<<'rm -rf victim'`,
	`IFS=,; a=rm,-rf,victim; $a`,
	`a=(rm -rf victim); "${a[@]}"`,
	`a=rm; ${a} -rf victim`,
	`a=RM; ${a,,} -rf victim`,
	`a=xrm; ${a#x} -rf victim`,
	`a=rmx; ${a%x} -rf victim`,
	`${a:-rm} -rf victim`,
	`${a=rm} -rf victim`,
	`a=1; ${a:+rm} -rf victim`,
	`a=rXm; ${a/X/} -rf victim`,
	`case x in x) rm -rf victim;; esac`,
	`select x in a; do rm -rf victim; break; done <<<1`,
	`coproc rm -rf victim; wait`,
	`for i in 1; do rm -rf victim; done`,
	`while rm -rf victim; do break; done`,
	`if true; then rm -rf victim; fi`,
	`(rm -rf victim)`,
	`{ rm -rf victim; }`,
	`cat <(rm -rf victim)`,
	`echo >(rm -rf victim); wait`,
	`echo $(rm -rf victim)`,
	"echo `rm -rf victim`",
	`echo $((0)) ; rm -rf victim`,
	`r\
m -rf victim`,
	`rm -rf vic\
tim`,
	`rm -rf ~+/victim`,
	`rm -rf vic{tim,}`,
	`rm -rf v*m`,
	`set -f; rm -rf v*m`,
	`set -o noglob; rm -rf v*m`,
	`shopt -s nullglob; rm -rf nomatch*`,
	`shopt -s failglob; rm -rf victim`,
	`rm -rf $'vic\x74im'`,
	`rm -rf "$(printf victim)"`,
	`printf -v c rm; $c -rf victim`,
	`read c <<<rm; $c -rf victim`,
	`mapfile -t a <<<rm; ${a[0]} -rf victim`,
	`declare c=rm; $c -rf victim`,
	`declare -n r=c; c=rm; $r -rf victim`,
	`let x=1; rm -rf victim`,
	`((x=1)); rm -rf victim`,
	`[[ -e victim ]] && rm -rf victim`,
	`test -e victim && rm -rf victim`,
	`true || rm -rf victim`,
	`false && rm -rf victim`,
	`xargs rm -rf <<<victim`,
	`env rm -rf victim`,
	`nice rm -rf victim`,
	`nohup rm -rf victim >/dev/null 2>&1`,
	`timeout 5 rm -rf victim`,
	`trap 'rm -rf victim' EXIT`,
	`trap 'rm -rf victim' DEBUG; :`,
	`PROMPT_COMMAND='rm -rf victim'; :`,
	`hash -p /bin/echo rm; rm -rf victim`,
	`enable -n echo; echo -rf victim`,
	`shopt -s extglob; rm -rf @(victim)`,
	`rm -rf -- victim # comment rm -rf other`,
	`# rm -rf other
rm -rf victim`,
	`cat <<E
$(rm -rf victim)
E`,
	`cat <<'E'
$(rm -rf other)
E`,
	`a=$(cat victim); echo "$a"`,
	`curl -o victim http://127.0.0.1:9`,
	`git -c core.pager=rm log`,
	`exec 3>victim; rm -rf victim`,
	`command -p rm -rf victim`,
	`rm${IFS}-rf${IFS}victim`,
	`IFS=_; rm_-rf_victim 2>/dev/null; c=rm_-rf_victim; $c`,
	`set -- rm -rf victim; "$@"`,
	`set -- rm -rf victim; $*`,
	`x=(); x+=(rm); x+=(-rf victim); "${x[@]}"`,
	`declare -A m=([k]=rm); ${m[k]} -rf victim`,
	`c=rm; ${!c:-rm} -rf victim`,
	`v=c; c=rm; ${!v} -rf victim`,
	`printf '%s\n' 'rm -rf victim' | bash`,
	`bash -c 'rm -rf "$1"' _ victim`,
	`sh -c 'rm -rf victim'`,
	`exec -a foo rm -rf victim`,
	`rm -rf victim &wait`,
	`rm -rf victim | cat`,
	`rm -rf victim |& cat`,
	`{ rm -rf victim ; } 2>&1`,
	`$(echo rm) -rf victim`,
	`"$(echo rm)" -rf victim`,
	`<<<x rm -rf victim`,
	`rm -rf victim <<<x`,
	`: ${x:=$(rm -rf victim)}`,
	`: $(( $(rm -rf victim) 0 ))`,
	`a[$(rm -rf victim)]=1`,
	`declare a[$(rm -rf victim)]=1`,
	`x='a[$(rm -rf victim)]'; echo $((x))`,
	`x='a[$(rm -rf victim)]'; : ${!x}`,
	`x='a[$(rm -rf victim)]'; [[ $x -eq 0 ]]`,
	`x='a[$(rm -rf victim)]'; test "$x" -eq 0 2>/dev/null; [ -v "$x" ]`,
	`printf -v 'a[$(rm -rf victim)]' x`,
	`read 'a[$(rm -rf victim)]' <<<x`,
	`unset 'a[$(rm -rf victim)]'`,
	`declare -i x; x='a[$(rm -rf victim)]'`,
	`shopt -s expand_aliases; alias r='rm -rf'; r victim`,
	`alias r='rm -rf'; eval r victim`,
	`function rm { command rm "$@"; }; rm -rf victim`,
	`cd . && rm -rf victim`,
	`pushd . >/dev/null; rm -rf victim`,
	`until ! :; do :; done; rm -rf victim`,
	`rm -rf vict""im`,
	`rm -rf "vic"'tim'`,
	`rm -rf ${PWD}/victim`,
	`rm -rf $PWD/victim`,
	`rm -rf ./victim`,
	`cat victim`,
	`cat < victim`,
	`cat $(echo victim)`,
	`cat ${x:-victim}`,
	`git log`,
	`git -C . log`,
	`mapfile -C 'rm -rf victim;:' -c 1 a <<<x`,
	`complete -C 'rm -rf victim' x`,
	`fc -s rm 2>/dev/null; rm -rf victim`,
	`caller; rm -rf victim`,
	`wait -n 2>/dev/null; rm -rf victim`,
	`kill -0 $$ ; rm -rf victim`,
	`exec {fd}>victim; rm -rf victim`,
	`x='$(rm -rf victim)'; : ${x@P}`,
	`PS4='$(rm -rf victim)'; set -x; :`,
	`command_not_found_handle() { rm -rf victim; }; nosuchcmd`,
	`trap 'rm -rf victim' ERR; false`,
	`f() { :; }; trap 'rm -rf victim' RETURN; f`,
	`getopts a 'a[$(rm -rf victim)]'`,
	`wait -p 'a[$(rm -rf victim)]' 2>/dev/null`,
	`test -v 'a[$(rm -rf victim)]'`,
	`[[ -v a[$(rm -rf victim)] ]]`,
	`x='a[$(rm -rf victim)]'; [[ -v $x ]]`,
	`let 'a[$(rm -rf victim)]'`,
	`x='$(rm -rf victim)'; (( a[$x] ))`,
	`x='$(rm -rf victim)'; : $(( a[$x] ))`,
	`x='$(rm -rf victim)'; a[$x]=1`,
	`source <(echo rm -rf victim)`,
	`eval "$(echo rm -rf victim)"`,
	`bash -c '$0 -rf victim' rm`,
	`sh -c '"$0" "$@"' rm -rf victim`,
	`exec 3<<<'rm -rf victim'; . /dev/fd/3`,
	`compgen -C 'rm -rf victim' x`,
	`f() { rm -rf victim; }; compgen -F f x`,
	`printf %s rm | xargs -I{} {} -rf victim`,
	`declare -n x='a[$(rm -rf victim)]'; x=1`,
	`x='a[$(rm -rf victim)]'; : ${v:x}`,
	`x='a[$(rm -rf victim)]'; : ${v[x]}`,
	`x='a[$(rm -rf victim)]'; v[x]=1`,
	`x='a[$(rm -rf victim)]'; echo $[x]`,
	`x='a[$(rm -rf victim)]'; declare -a v=([x]=1)`,
	`x='a[$(rm -rf victim)]'; : "${v[@]:x}"`,
	`x='a[$(rm -rf victim)]'; shift x`,
	`x='a[$(rm -rf victim)]'; for ((i=x;0;)); do :; done`,
	`x='a[$(rm -rf victim)]'; case 1 in $((x))) :;; esac`,
	`x='a[$(rm -rf victim)]'; printf -v y %d x; :`,
	`x='a[$(rm -rf victim)]'; local y 2>/dev/null; declare -i y=x`,
	`x='a[$(rm -rf victim)]'; y=1; y+=x; declare -i z; z+=x`,
	`x='a[$(rm -rf victim)]'; ulimit -n x 2>/dev/null; :`,
	`x='a[$(rm -rf victim)]'; : ${#v[x]}`,
	`x='a[$(rm -rf victim)]'; unset v[x]`,
	`x='a[$(rm -rf victim)]'; : ${v[x]:-}`,
	`x='a[$(rm -rf victim)]'; read -t x y <<<1 2>/dev/null`,
	`x='a[$(rm -rf victim)]'; [ x -eq 0 ] 2>/dev/null; [ "$x" -lt 1 ] 2>/dev/null; :`,
	`x='a[$(rm -rf victim)]'; [[ x -eq 0 ]]`,
	`x='a[$(rm -rf victim)]'; [[ $x == 1 || 1 -eq x ]]`,
	`x='a[$(rm -rf victim)]'; set -u; : "${!x}"`,
	`x='rm -rf victim'; trap "$x" EXIT`,
	`x='rm -rf victim'; bash -c "$x"`,
	`BASH_ENV=<(echo rm -rf victim) bash -c :`,
	`ENV=/dev/stdin sh -i <<<'rm -rf victim' 2>/dev/null`,
	`exec -c rm -rf victim`,
	`(exec -a x rm -rf victim)`,
	`eval -- 'rm -rf victim'`,
	`builtin eval 'rm -rf victim'`,
	`command eval 'rm -rf victim'`,
	`command -- rm -rf victim`,
	`command -v rm; command -V rm >/dev/null`,
	`type rm >/dev/null; rm -rf victim`,
	`set -e; rm -rf victim`,
	`set -o posix; rm -rf victim`,
	`shopt -s lastpipe; echo | read x; rm -rf victim`,
	`time -p rm -rf victim`,
	`! ! rm -rf victim`,
	`{ rm -rf victim; } &`,
	`rm -rf victim & wait`,
	`coproc X { rm -rf victim; }; wait`,
	`declare -f f >/dev/null; f() ( rm -rf victim ); f`,
	`f() { "$@"; }; f rm -rf victim`,
	`f() { $1 -rf victim; }; f rm`,
	`alias a='rm -rf victim'; shopt -s expand_aliases
a`,
	`shopt -s expand_aliases; alias a='rm ' b='-rf victim'; a b`,
	`shopt -s expand_aliases; alias a='rm ' v=victim; a -rf v`,
	`shopt -s expand_aliases; alias c=command; c rm -rf victim`,
	`echo $((rm -rf victim) )`,
	`((rm -rf victim) )`,
	`echo $( (rm -rf victim))`,
	`echo $((rm -rf victim);)`,
	`(( rm -rf victim ) )`,
	`[[ x =~ $(rm -rf victim) ]]`,
	`cat <<'E'
a
E 
rm -rf victim
E`,
	`cat <<'E'; rm -rf victim
body
E`,
	`cat <<A <<'B'
$(rm -rf victim)
A
$(rm -rf other)
B`,
	`x=$(cat <<'E'
body
E
); rm -rf victim`,
	`x=$(cat <<'E'
body
E); rm -rf victim`,
	`cat <<-'E'
	body
	E
rm -rf victim`,
	`cat <<E\
X
body
EX
rm -rf victim`,
	`cat <<"E"'F'
body
EF
rm -rf victim`,
	`case x in (x) rm -rf victim;& y) rm -rf other;; esac`,
	`case x in x) :;;& *) rm -rf victim;; esac`,
	`function f() { rm -rf victim; }; f`,
	`echo a#b; rm -rf victim`,
	`echo $#; rm -rf victim`,
	`echo ${#}rm; rm -rf victim`,
	`rm -rf victim` + "\r",
	`echo x;rm -rf victim`,
	`echo x&&rm -rf victim`,
	`echo x|rm -rf victim`,
	`echo $'\''; rm -rf victim #'`,
	`echo "$(echo ")"; rm -rf victim #")"`,
	`echo $(echo ')'); rm -rf victim #')`,
	`echo $(case x in x) echo y;; esac); rm -rf victim`,
	`echo $(echo \)); rm -rf victim`,
	"echo `echo \\`echo\\``; rm -rf victim",
	"echo `echo '`'; rm -rf victim #'`",
	`echo ${x:-'}'}; rm -rf victim`,
	`echo "${x:-'}'}"; rm -rf victim #'}"`,
	`echo "${x:-"}"}"; rm -rf victim`,
	`echo ${x/'}'/}; rm -rf victim #}`,
	`echo $"rm"; $"rm" -rf victim`,
	`echo {a..c}; {rm,} -rf victim`,
	`x=$'rm\t-rf\tvictim'; $x`,
	`IFS=$'\t'; x=$'rm\t-rf\tvictim'; $x`,
	"echo x\v# ; rm -rf victim",
	"echo x\f# ; rm -rf victim",
	"echo x\u00a0# ; rm -rf victim",
	"echo x\x00# ; rm -rf victim",
	"echo x\x1b# ; rm -rf victim",
	"echo x \\\v\nrm -rf victim",
	"echo x\xff# ; rm -rf victim",
	"echo \xe2\x80\x8b# ; rm -rf victim",
	"echo x\x01# ; rm -rf victim",
	"echo x\x7f# ; rm -rf victim",
	"echo x\u3000# ; rm -rf victim",
	"echo x\u2028# ; rm -rf victim",
	"echo x\x85# ; rm -rf victim",
	`BASH_CMDS[ls]=$PWD/.bin/rm; ls -rf victim`,
	`BASH_CMDS[ls]=.bin/rm; ls -rf victim`,
	`declare -A BASH_CMDS=([ls]=.bin/rm); ls -rf victim`,
	`BASH_CMDS+=([ls]=.bin/rm); ls -rf victim`,
	`shopt -s expand_aliases; BASH_ALIASES[ls]='rm -rf'
ls victim`,
	`shopt -s expand_aliases; BASH_ALIASES+=([ls]='rm -rf')
ls victim`,
	`PATH=.bin; ls -rf victim`,
	`PATH=.bin ls -rf victim`,
	`cp .bin/rm .bin/ls; ls -rf victim`,
	`echo $(echo x # )
rm -rf victim
)`,
	"echo `echo x # `; rm -rf victim",
	"echo `echo x #`; rm -rf victim",
	`echo "$(echo x # ")"
rm -rf victim
)"`,
	`echo ${x:-$(echo # })
rm -rf victim)}`,
	`cat <<E
$(echo x # )
rm -rf victim
)
E`,
	`echo x; #\
rm -rf victim`,
	`echo $(: <<E
)
E
rm -rf victim)`,
}

// red12traceRun runs src under bash in a fresh directory with the
// stand-ins and returns the argvs they logged.
func red12traceRun(t *testing.T, src string) [][]string {
	t.Helper()
	dir := t.TempDir()
	bin := filepath.Join(dir, ".bin")
	if err := os.Mkdir(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(dir, ".log")
	for _, name := range red12traceStandins {
		script := "#!/bin/sh\n{ printf '%s' \"${0##*/}\"; for a in \"$@\"; do printf '\\037%s' \"$a\"; done; printf '\\036'; } >> " + log + "\n"
		if err := os.WriteFile(filepath.Join(bin, name), []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "victim"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "-c", src)
	cmd.WaitDelay = time.Second
	cmd.Dir = dir
	cmd.Env = []string{"PATH=" + bin + ":/usr/bin:/bin", "HOME=" + dir, "PWD=" + dir}
	cmd.Stdin = strings.NewReader("")
	_ = cmd.Run()
	raw, _ := os.ReadFile(log)
	var out [][]string
	for _, rec := range strings.Split(string(raw), "\x1e") {
		if rec != "" {
			out = append(out, strings.Split(rec, "\x1f"))
		}
	}
	return out
}

// red12traceSeen reports whether the analysis has a command running argv
// (its wide view: the name, then the same arguments).
func red12traceSeen(a *Analysis, argv []string) bool {
	return slices.ContainsFunc(a.Commands, func(c Command) bool {
		if filepath.Base(c.Wide.Name) != argv[0] {
			return false
		}
		// A word known only at run time stands for what bash made of it;
		// a runner (xargs, compgen -C) appends words to a nested command.
		args := argv[1:]
		return slices.Equal(c.Wide.Args, args) || argv[0] == "git" ||
			!slices.EqualFunc(c.Words, c.Words, func(w, _ Word) bool { return w.Static() }) ||
			(c.Nested || slices.Contains(c.Wide.Peeled, "xargs")) && len(c.Wide.Args) <= len(args) && slices.Equal(c.Wide.Args, args[:len(c.Wide.Args)])
	})
}

// TestTraceDiff compares the analysis with what bash really runs.
func TestTraceDiff(t *testing.T) { red12traceCompare(t, red12traceDisguises) }

// red12traceCompare runs each disguise under bash (AGENTCTL_TRACE=1 only)
// and reports every program bash ran that the analysis does not have.
func red12traceCompare(t *testing.T, disguises []string) {
	t.Helper()
	if os.Getenv("AGENTCTL_TRACE") == "" {
		t.Skip("set AGENTCTL_TRACE=1 to run the differential against real bash")
	}
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	for _, src := range disguises {
		a := Parse(src)
		if len(a.Unresolved) > 0 || a.Err != nil {
			continue
		}
		for _, argv := range red12traceRun(t, src) {
			if !red12traceSeen(&a, argv) {
				t.Errorf("%q: bash ran %q; the analysis has %v", src, argv, red12traceViews(&a))
			}
		}
	}
}

// red12traceViews lists the wide views of the analysis, for messages.
func red12traceViews(a *Analysis) []string {
	var out []string
	for _, c := range a.Commands {
		out = append(out, c.Wide.Text)
	}
	return out
}
