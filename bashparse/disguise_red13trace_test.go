package bashparse

import "testing"

// red13traceUnresolved reports whether the analysis of src has an
// unresolved part.
func red13traceUnresolved(src string) bool {
	a := Parse(src)
	return len(a.Unresolved) > 0
}

// red13traceCheck parses each of bad (each must have an unresolved part)
// and good (none may have one).
func red13traceCheck(t *testing.T, bad, good []string) {
	t.Helper()
	for _, src := range bad {
		if !red13traceUnresolved(src) {
			t.Errorf("%q: no unresolved part", src)
		}
	}
	for _, src := range good {
		if a := Parse(src); len(a.Unresolved) > 0 {
			t.Errorf("%q: unresolved %+v", src, a.Unresolved)
		}
	}
}

// TestStateBuiltinDynamicWords: a word known only at run time given to a
// builtin that binds a name or runs code may be anything (r13t-1).
func TestStateBuiltinDynamicWords(t *testing.T) {
	red13traceCheck(t, []string{
		"a=ls=rm; alias \"$a\"",
		"read a; alias $a",
		"alias \"${a}\"",
		"alias ll=\"$x\"",
		"builtin alias \"$a\"",
		"x='.bin/rm ls'; hash -p $x",
		"hash $x",
		"command hash -p \"$p\" ls",
		"compgen $x victim",
		"compgen -W x \"$o\"",
		"complete $x ls",
		"fc $x",
		"enable $x",
		"enable -n \"$b\"",
		"bind $x",
		"mapfile $x a",
		"readarray -C \"$cb\" -c 1 a",
		"export \"$x\"",
		"export $x",
		"readonly \"$x\"",
		"declare \"$x\"",
		"typeset -$o x",
		"local \"$n\"=1",
		"builtin export \"$x\"",
		"export 'A'\"$x\"=1",
	}, []string{
		"hash ls",
		"hash -r",
		"compgen -c",
		"export FOO=\"$x\"",
		"export FOO=$HOME/x \"BAR=$y\" BAZ+=$z",
		"f() { local a=\"$1\" b=$2; echo \"$a $b\"; }",
		"readonly N=1",
		"mapfile -t a < \"$f\"",
		"declare -a arr=(\"$x\" \"$y\")",
	})
}

// TestHistoryExpansionTurnedOn: with history and histexpand on, bash
// rewrites later lines (!!, ^old^new) before it parses them (r13t-2).
func TestHistoryExpansionTurnedOn(t *testing.T) {
	red13traceCheck(t, []string{
		"set -H",
		"set -eH",
		"set -o history -H",
		"set -o histexpand",
		"set -Ho history",
		"shopt -so histexpand",
		"shopt -o -s histexpand",
		"set -o $x",
		"builtin set -H",
		"bash -H script.sh",
	}, []string{
		"set +H",
		"set +o histexpand",
		"set -o history",
		"set -euo pipefail",
		"shopt -s histappend",
		"shopt -u -o histexpand",
		"echo 'x!!'",
	})
}
