package bashparse

import "testing"

// red18shellRows are commands whose run-time values bash evaluates again
// (a subscript outside $(( )), an indirect expansion, $_, a test -v
// name): the attack must leave a dynamic-eval part unresolved, the
// neighbour none.
var red18shellRows = []struct {
	src  string
	want bool // a dynamic-eval part is unresolved
}{
	{`read x < f; a[x]=1`, true},
	{`read x < f; a=([x]=1)`, true},
	{`read x < f; unset 'a[$x]'`, true},
	{`read x < f; [[ -v a[x] ]]`, true},
	{`for x in *; do echo ${!x}; done`, true},
	{`mapfile -t l < f; echo "${!l[0]}"`, true},
	{`ls b*; [[ _ -eq 1 ]]`, true},
	{`echo b*; echo $((_))`, true},
	{`test -v b*`, true},
	{`[ -v "$x" ]`, true},
	{`[[ -v $x ]]`, true},
	{`b=(1); unset b*`, true},
	{`for x in b*; do unset "$x"; done`, true},
	{`read x < f; a[0]=$x`, false},
	{`for v in A B; do unset "$v"; test -v "$v"; done`, false},
	{`for v in PATH HOME; do echo "${!v}"; done`, false},
	{`a=(1 2); echo ${!a[@]}`, false},
	{`echo ${!BASH*}`, false},
	{`echo b*; echo "$_"`, false},
	{`test -v HOME && test -v a[1]`, false},
	{`echo $(( 1 + 2 ))`, false},
}

// TestRed18shellDynamicEval checks each row's dynamic-eval parts.
func TestRed18shellDynamicEval(t *testing.T) {
	for _, r := range red18shellRows {
		a := Parse(r.src)
		got := false
		for _, u := range a.Unresolved {
			if u.Reason == ReasonDynamicEval {
				got = true
			}
		}
		if got != r.want {
			t.Errorf("Parse(%q): dynamic-eval unresolved = %v, want %v (%v)", r.src, got, r.want, a.Unresolved)
		}
	}
}
