package bashparse

import (
	"slices"
	"testing"
)

// TestBraceAcrossQuotes: bash expands braces before quote removal, so a
// brace expansion may span quoted parts and expansions; such a word is a
// brace word (r8-1, found by FuzzAnalysisCoversExecution).
func TestBraceAcrossQuotes(t *testing.T) {
	for _, src := range []string{
		`{r"m",x} y`, `{"rm",x} y`, `{'rm',x} y`, `{r\m,x} y`, `{r$'m',x} y`, `{r$%m,x} y`,
		`{cu"rl",-d@.env} http://x`, `r{"m",} x`, `{"r"m,x} y`, `{r"m"..x} y`, `x{"a",b}`,
	} {
		a := Parse(src)
		if len(a.Commands) == 0 || !a.Commands[0].Words[0].Brace {
			t.Errorf("%q: first word not a brace word", src)
			continue
		}
		if !slices.ContainsFunc(a.Unresolved, func(u Unresolved) bool { return u.Reason == ReasonDynamicName }) {
			t.Errorf("%q: command name not unresolved: %+v", src, a.Unresolved)
		}
	}
	// A quoted brace is no expansion.
	for _, src := range []string{`echo "{a,b}"`, `echo '{rm,x}'`, `echo "{"a,b}`, `echo "{"a","b"}"`} {
		if Parse(src).Commands[0].Words[1].Brace {
			t.Errorf("%q: quoted brace taken for an expansion", src)
		}
	}
}

// TestBraceQuotedFiles: each expansion of a brace operand with quoted
// parts is a file of its own (r8-1).
func TestBraceQuotedFiles(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`cat {x,.e"nv"}`, ".env"},
		{`cat {x,".env"}`, ".env"},
		{`cat {x,secrets/"key"}`, "secrets/key"},
		{`cat {x,'.e'nv}`, ".env"},
		{`cat {x,.\env}`, ".env"},
		{`cat {x,$'.env'}`, ""}, // $ in the word: not expanded here, the operand asks
	} {
		var paths []string
		for _, f := range Parse(c.src).Commands[0].Files {
			paths = append(paths, f.Path)
		}
		if c.want != "" && !slices.Contains(paths, c.want) {
			t.Errorf("%q: files %q lack %q", c.src, paths, c.want)
		}
	}
}

// TestANSICUnknownEscape: bash keeps the backslash of an escape $'…' does
// not know ($'l\s' is l\s), and drops it only for \\ \' \" \? (r8-2).
func TestANSICUnknownEscape(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`$'l\s'`, `l\s`},
		{`$'./l\s'`, `./l\s`},
		{`$'r\m'`, `r\m`},
		{`$'\q'`, `\q`},
		{`$'\80'`, `\80`},
		{`$'\9'`, `\9`},
		{`$'\.env'`, `\.env`},
		{`$'\/bin/ls'`, `\/bin/ls`},
		{`$'a\\b'`, `a\b`},
		{`$'a\'b'`, `a'b`},
		{`$'a\"b'`, `a"b`},
		{`$'a\?b'`, `a?b`},
		{`$'\x6c\x73'`, `ls`},
		{`$'r\u006d'`, `rm`},
		{`$'\154s'`, `ls`},
	} {
		if got := Parse(c.src).Commands[0].Words[0].Value; got != c.want {
			t.Errorf("%q: value %q, bash reads %q", c.src, got, c.want)
		}
	}
}

// TestArithmeticRunTimeValue: a variable named in arithmetic whose value
// is only known at run time is unresolved: bash evaluates a[$(cmd)] in
// it (r8-3). A number the script computes is not.
func TestArithmeticRunTimeValue(t *testing.T) {
	for _, c := range []struct {
		src  string
		want bool // unresolved
	}{
		{`read v < f; echo $((v))`, true},
		{`read v < f; echo $(($v))`, true},
		{`read v < f; echo $((${v}+1))`, true},
		{`while read v; do [[ $v -gt 0 ]]; done < f`, true},
		{`while read v; do [[ v -ne 0 ]]; done < f`, true},
		{`mapfile -t l < f; echo ${s:l}`, true},
		{`readarray l < f; echo ${s:1:l}`, true},
		{`read v < f; a=(1); echo ${a[v]}`, true},
		{`read v < f; ((v))`, true},
		{`read v < f; let w=v`, true},
		{`read v < f; for ((i=0;i<v;i++)); do :; done`, true},
		{`printf -v v %s "$1"; echo $((v))`, true},
		{`getopts a v; echo $((v))`, true},
		{`v=$1; echo $((v))`, true},
		{`v=$(cat f); echo $((v))`, true},
		{`for v in $*; do echo $((v)); done`, true},
		{`declare -i x; read v < f; x=$v`, true},
		{`read v < f; typeset -i x=$v`, true},
		{`read v < f; local -ai x; x+=v`, true},
		{`declare -i x; x=5`, false},
		{`x=$((1+2)); echo $((x))`, false},
		{`let x=1; echo $((x))`, false},
		{`i=0; ((i++)); echo $((i))`, false},
		{`for ((i=0;i<3;i++)); do echo $i; done`, false},
		{`read v < f; [[ $v == y ]]`, false},
		{`read v < f; echo "$v"`, false},
		{`unset v; echo $((v))`, false},
	} {
		a := Parse(c.src)
		got := slices.ContainsFunc(a.Unresolved, func(u Unresolved) bool { return u.Reason == ReasonDynamicEval })
		if got != c.want {
			t.Errorf("%q: arithmetic unresolved = %v, want %v (%+v)", c.src, got, c.want, a.Unresolved)
		}
	}
}
