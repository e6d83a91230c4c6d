package bashparse

import (
	"slices"
	"testing"
)

// wideTexts lists the wide text of every command a's script runs.
func wideTexts(a Analysis) []string {
	var out []string
	for _, c := range a.Commands {
		out = append(out, c.Wide.Text)
	}
	return out
}

// TestLiteralSingleQuotes: bash expands an arithmetic expression, and the
// word of ${x:-w} inside double quotes, as double-quoted text, where a
// single quote is an ordinary character; the command substitutions in
// such quotes run (r9-1, checked with bash 5.2).
func TestLiteralSingleQuotes(t *testing.T) {
	for _, c := range []struct {
		src  string
		want string // a command the script runs, or "" for an unresolved part only
	}{
		{`echo $(( '$(rm y)' ))`, "rm y"},
		{`echo $[ '$(rm y)' ]`, "rm y"},
		{`(( '$(rm y)' ))`, "rm y"},
		{`for (( i='$(rm y)'; 0; )); do :; done`, "rm y"},
		{`a['$(rm y)']=1`, "rm y"},
		{`a=(['$(rm y)']=1)`, "rm y"},
		{`declare a['$(rm y)']=1`, "rm y"},
		{`let x=a['$(rm y)']`, "rm y"},
		{`echo ${HOME:'$(rm y)'}`, "rm y"},
		{`echo ${HOME:0:'$(rm y)'}`, "rm y"},
		{"echo ${HOME::'`rm y`'}", "rm y"},
		{`echo ${#HOME['$(rm y)']}`, "rm y"},
		{`echo $(( x['$(rm y)'] ))`, "rm y"},
		{`echo $(( $'$(rm y)' ))`, "rm y"},
		{`echo "$(( '$(rm y)' ))"`, "rm y"},
		{`echo "${x:-'$(rm y)'}"`, "rm y"},
		{`echo "${x:='$(rm y)'}"`, "rm y"},
		{`echo "${x:+'$(rm y)'}"`, "rm y"},
		{"echo \"${x-'`rm y`'}\"", "rm y"},
		{`echo "${x:-a'$(rm y)'b}"`, "rm y"},
		{`echo "${x:-${z:-'$(rm y)'}}"`, "rm y"},
		{`echo $(( ${x:-'$(rm y)'} ))`, "rm y"},
		{"cat <<E\n${x:-'$(rm y)'}\nE", "rm y"},
		{"cat <<E\n$(( '$(rm y)' ))\nE", "rm y"},
		{`echo "$(echo "${x:-'$(rm y)'}")"`, "rm y"},
		{`echo $(( $'\x24(rm y)' ))`, ""},
		{`echo "${x:-$'\x24(rm y)'}"`, ""},
		{`echo "${x:-'a"$(rm y)"b'}"`, ""},
	} {
		a := Parse(c.src)
		if c.want != "" && !slices.Contains(wideTexts(a), c.want) {
			t.Errorf("Parse(%q) runs %q, want %q among them", c.src, wideTexts(a), c.want)
		}
		if c.want == "" && !slices.ContainsFunc(a.Unresolved, func(u Unresolved) bool { return u.Reason == ReasonDynamicShell }) {
			t.Errorf("Parse(%q): no unresolved part: %+v", c.src, a.Unresolved)
		}
	}
	// Quotes bash honours stay quotes: nothing runs.
	for _, src := range []string{
		`echo ${x:-'$(rm y)'}`, `echo "${x#'$(rm y)'}"`, `echo "${x/a/'$(rm y)'}"`, `echo "${x:?'$(rm y)'}"`,
		`echo "$(echo '$(rm y)')"`, `let x='$(rm y)'`, `[[ '$(rm y)' == x ]]`, "cat <<'E'\n${x:-'$(rm y)'}\nE",
		`awk '{print $1}' f`, `echo "${x:-'a'}"`, `echo $(( 'a' ))`,
	} {
		a := Parse(src)
		if slices.Contains(wideTexts(a), "rm y") {
			t.Errorf("Parse(%q) runs rm y: bash honours these quotes", src)
		}
	}
}

// TestCodeVariableSetters: a builtin that sets a variable naming code
// (PS4, PATH, BASH_ENV) or rebinding a command name (BASH_CMDS,
// BASH_ALIASES) changes what later commands run, as an assignment does
// (r9-2, checked with bash 5.2).
func TestCodeVariableSetters(t *testing.T) {
	for _, c := range []struct {
		src    string
		unres  bool
		reason Reason
	}{
		{`printf -v PS4 '$(rm y)'; set -x; ls`, true, ReasonProgramConfig},
		{`printf -vPS4 x`, true, ReasonProgramConfig},
		{`read PS4 < f; set -x; ls`, true, ReasonProgramConfig},
		{`read -r -p 'x' PATH < f`, true, ReasonProgramConfig},
		{`printf -v 'BASH_CMDS[ls]' /bin/rm; ls y`, true, ReasonProgramConfig},
		{`read 'BASH_CMDS[ls]' <<< /bin/rm; ls y`, true, ReasonProgramConfig},
		{`read -ra BASH_CMDS <<< /bin/rm`, true, ReasonProgramConfig},
		{`mapfile -t BASH_ENV < f`, true, ReasonProgramConfig},
		{`readarray -C cb -c 1 GIT_CONFIG_COUNT < f`, true, ReasonProgramConfig},
		{`getopts a PATH`, true, ReasonProgramConfig},
		{`wait -p BASH_ENV`, true, ReasonProgramConfig},
		{`declare -n r=BASH_CMDS; r[ls]=/bin/rm; ls y`, true, ReasonProgramConfig},
		{`declare -n r=PS4; r='$(rm y)'; set -x; ls`, true, ReasonProgramConfig},
		{`f(){ local -n r=$1; r[ls]=/bin/rm; ls y; }; f BASH_CMDS`, true, ReasonProgramConfig},
		{`typeset -n r; r=PS4`, true, ReasonProgramConfig},
		{`printf -v "$v" x`, true, ReasonProgramConfig},
		{`for PS4 in '$(rm y)'; do set -x; ls; done`, true, ReasonProgramConfig},
		{`select EDITOR in vi; do break; done`, true, ReasonProgramConfig},
		{`BASH_CMDS[ls]=/bin/rm; ls y`, true, ReasonProgramConfig},
		{`BASH_CMDS=([cat]=/bin/rm); cat y`, true, ReasonProgramConfig},
		{`BASH_CMDS+=([ls]=/bin/rm)`, true, ReasonProgramConfig},
		{`declare -A BASH_CMDS=([ls]=/bin/rm); ls y`, true, ReasonProgramConfig},
		{`BASH_ALIASES[ls]='rm y'`, true, ReasonProgramConfig},
		// Ordinary variables stay ordinary.
		{`read -r line < f; echo "$line"`, false, ""},
		{`read -rp 'name? ' v`, false, ""},
		{`read -p "$prompt" v`, false, ""},
		{`mapfile -t lines < f`, false, ""},
		{`printf -v x %s 1; echo "$x"`, false, ""},
		{`for f in a b; do echo "$f"; done`, false, ""},
		{`declare -n r=x; r=1`, false, ""},
		{`wait -n $pid`, false, ""},
		{`getopts ab opt`, false, ""},
	} {
		a := Parse(c.src)
		got := slices.ContainsFunc(a.Unresolved, func(u Unresolved) bool { return u.Reason == ReasonProgramConfig })
		if got != c.unres {
			t.Errorf("Parse(%q): program-config unresolved = %v, want %v (%+v)", c.src, got, c.unres, a.Unresolved)
		}
	}
}

// TestKeywordMode: set -k makes NAME=value words anywhere in a later
// command assignments to its environment (r9-3, checked with bash 5.2:
// set -k; git status GIT_CONFIG_PARAMETERS=… runs core.fsmonitor).
func TestKeywordMode(t *testing.T) {
	for _, c := range []struct {
		src  string
		want bool
	}{
		{`set -k; git status GIT_CONFIG_PARAMETERS="'core.fsmonitor'='rm y'"`, true},
		{`set -ek; ls`, true},
		{`set -eo pipefail -k`, true},
		{`set -o keyword`, true},
		{`set -o errexit -o keyword`, true},
		{`set -o "$opt"`, true},
		{`shopt -s -o keyword`, true},
		{`shopt -os keyword`, true},
		{`bash -k -c 'git status X=1'`, true},
		{`bash -kc 'ls'`, true},
		{`/bin/sh -k -c 'ls'`, true},
		{`set -euo pipefail; ls`, false},
		{`set -x; ls`, false},
		{`set +k`, false},
		{`set +o keyword`, false},
		{`set -- -k; echo`, false},
		{`shopt -s nullglob`, false},
		{`shopt -u -o keyword`, false},
		{`bash -c 'ls -k'`, false},
	} {
		a := Parse(c.src)
		got := slices.ContainsFunc(a.Unresolved, func(u Unresolved) bool { return u.Reason == ReasonProgramConfig })
		if got != c.want {
			t.Errorf("Parse(%q): program-config unresolved = %v, want %v (%+v)", c.src, got, c.want, a.Unresolved)
		}
	}
}

// TestANSICBraceHex: bash 5.2 reads $'\x{HH…}' as one byte (r9-4; each
// row's value is what bash 5.2.15 printed).
func TestANSICBraceHex(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`$'\x{72}\x{6d}'`, "rm"},
		{`$'\x{2e}env'`, ".env"},
		{`$'\x{0072}'`, "r"},
		{`$'\x{000000000000000000072}'`, "r"},
		{`$'\x{726d}'`, "m"},
		{`$'\x{7'`, "\a"},
		{`$'a\x{41'`, "aA"},
		{`$'\x{72z}m'`, "rz}m"},
		{`$'\x{72}}m'`, "r}m"},
		{`$'\x{}m'`, ""},
		{`$'\x{g}'`, ""},
		{`$'\x{1F600}'`, ""},
		{`$'\x{672}\x{ZZ6d}'`, "r"},
		{`$'\c\\x'`, "\x1cx"},
		{`$'\x726d'`, "r6d"},
	} {
		if got := Parse(c.src).Commands[0].Words[0].Value; got != c.want {
			t.Errorf("%s: value %q, bash reads %q", c.src, got, c.want)
		}
	}
}

// TestHistfile: the shell reads and writes the file HISTFILE names
// (history -r, -w), so an assignment to it is a write of that file (r9-5,
// checked with bash 5.2: HISTFILE=.env; history -r; history prints .env).
func TestHistfile(t *testing.T) {
	for _, c := range []struct {
		src     string
		path    string // a written file listed, or "" for a dynamic one
		dynamic bool
	}{
		{`HISTFILE=config/a; set -o history; history -s x; history -w`, "config/a", false},
		{`HISTFILE=.env; history -r; history`, ".env", false},
		{`declare HISTFILE=.env; history -r`, ".env", false},
		{`export HISTFILE=config/a; history -w`, "config/a", false},
		{`HISTFILE=$x; history -w`, "", true},
		{`read HISTFILE < f; history -w`, "", true},
		{`printf -v HISTFILE .env; history -r`, "", true},
	} {
		found := false
		for _, cmd := range Parse(c.src).Commands {
			for _, f := range cmd.Files {
				if f.Access == Write && f.Dynamic == c.dynamic && (c.dynamic || f.Path == c.path) {
					found = true
				}
			}
		}
		if !found {
			t.Errorf("Parse(%q): no write of %q (dynamic %v) listed", c.src, c.path, c.dynamic)
		}
	}
	for _, src := range []string{`read -r line < f`, `unset HISTFILE`, `echo "$HISTFILE"`} {
		for _, cmd := range Parse(src).Commands {
			for _, f := range cmd.Files {
				if f.Access == Write {
					t.Errorf("Parse(%q) lists a write of %q", src, f.Path)
				}
			}
		}
	}
}

// TestHomeTilde: a tilde expands to the HOME the script set (r9-6,
// checked with bash 5.2: HOME=.; cat ~/.env prints ./.env).
func TestHomeTilde(t *testing.T) {
	for _, c := range []struct {
		src, want string // want: a file listed, "$" for a dynamic one
	}{
		{`HOME=.; cat ~/.env`, "./.env"},
		{`export HOME=.; cat ~/.env`, "./.env"},
		{`declare -x HOME=/tmp/p; cat ~/.env`, "/tmp/p/.env"},
		{`for HOME in .; do cat ~/.env; done`, "./.env"},
		{`HOME=.; cat < ~/.env`, "./.env"},
		{`HOME=.; x=~/.env; cat $x`, "./.env"},
		{`read HOME < f; cat ~/.env`, "$"},
		{`printf -v HOME .; cat ~/.env`, "$"},
		{`HOME=$PWD; cat ~/.env`, "$"},
	} {
		var got []string
		for _, cmd := range Parse(c.src).Commands {
			for _, f := range cmd.Files {
				if f.Dynamic {
					got = append(got, "$")
				} else {
					got = append(got, f.Path)
				}
			}
		}
		if !slices.Contains(got, c.want) {
			t.Errorf("Parse(%q) files %q, want %q among them", c.src, got, c.want)
		}
	}
	// Without an assignment to HOME a tilde is the home directory only.
	for _, cmd := range Parse(`cat ~/.env`).Commands {
		for _, f := range cmd.Files {
			if f.Path != "~/.env" {
				t.Errorf("cat ~/.env lists %q", f.Path)
			}
		}
	}
}

// TestHomeCd: cd with no operand (or to ~) goes to the HOME the script
// set, so the directory after it is unknown (r9-6, checked with bash 5.2:
// HOME=config; cd; pwd prints …/config).
func TestHomeCd(t *testing.T) {
	for _, c := range []struct {
		src     string
		unknown bool
	}{
		{`HOME=config; cd; echo x > a`, true},
		{`HOME=config; cd ~; echo x > a`, true},
		{`read HOME < f; cd; echo x > a`, true},
		{`cd; echo x > a`, false},
		{`cd src; echo x > a`, false},
	} {
		cmds := Parse(c.src).Commands
		if got := cmds[len(cmds)-1].DirUnknown; got != c.unknown {
			t.Errorf("Parse(%q): directory unknown = %v, want %v", c.src, got, c.unknown)
		}
	}
}
