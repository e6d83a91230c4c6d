package bashparse

import (
	"slices"
	"testing"
)

// TestRed12shellArithFallback: bash reads "((" whose inner group is not
// closed by "))" as two subshell openings; the commands inside are found
// (the parse error stays unresolved), and real arithmetic is left alone.
func TestRed12shellArithFallback(t *testing.T) {
	for _, c := range []struct {
		src  string
		want string // a command the script runs; "" for none
	}{
		{`echo $((rm y) )`, "rm y"},
		{`((rm y) )`, "rm y"},
		{`echo $((rm y)|cat)`, "rm y"},
		{`echo "$((rm y) )"`, "rm y"},
		{`bash -c 'echo $((rm y) )'`, "rm y"},
		{`echo $(( (1+2) * 3 ))`, ""},
		{`((x = (1+2) ))`, ""},
	} {
		a := Parse(c.src)
		got := wideTexts(a)
		if c.want == "" {
			if a.Err != nil || slices.Contains(got, "rm y") {
				t.Errorf("%q: err %v, commands %q", c.src, a.Err, got)
			}
			continue
		}
		if !slices.Contains(got, c.want) {
			t.Errorf("%q: commands %q, want %q among them", c.src, got, c.want)
		}
		if len(a.Unresolved) == 0 {
			t.Errorf("%q: the parse error must stay unresolved", c.src)
		}
	}
}

// TestRed12shellArithFallbackText checks the rewrite itself.
func TestRed12shellArithFallbackText(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`echo $((rm y) )`, `echo $( (rm y) )`},
		{`((a) ); ((b))`, `( (a) ); ((b))`},
		{`echo $((1))`, `echo $((1))`},
		{`$(( ((1)) ) )`, `$( ( ((1)) ) )`},
	} {
		if got, _ := arithFallback(c.src); got != c.want {
			t.Errorf("arithFallback(%q) = %q, want %q", c.src, got, c.want)
		}
	}
}

// TestRed12shellStdinLink: the paths that are the process's own stdin.
func TestRed12shellStdinLink(t *testing.T) {
	for p, want := range map[string]bool{
		"/dev/stdin": true, "/dev/fd/0": true, "/proc/self/fd/0": true, "/proc/1/task/2/fd/0": true,
		"//dev/./stdin": true, "/dev/fd/1": false, "/dev/stdout": false, "/dev/fd/10": false,
		"/proc/self/fd/3": false, "stdin": false, "/dev/stdin/x": false,
	} {
		if got := stdinLink(p); got != want {
			t.Errorf("stdinLink(%q) = %v, want %v", p, got, want)
		}
	}
}

// TestRed12shellIntDecl: after declare -i, a subscript with a command
// substitution in any literal word runs, and a value read at run time is
// unresolved.
func TestRed12shellIntDecl(t *testing.T) {
	for _, c := range []struct {
		src        string
		want       string // a command the script runs; "" for none
		unresolved bool   // checked when nothing runs
	}{
		{`declare -i x; read x <<< 'a[$(rm y)]'`, "rm y", true},
		{`declare -i x; for x in 'a[$(rm y)]'; do :; done`, "rm y", false},
		{`declare -ai x; x[0]='a[$(rm y)]'`, "rm y", false},
		{`declare -i x; read x < f`, "", true},
		{`declare -i x; x=5`, "", false},
	} {
		a := Parse(c.src)
		got := wideTexts(a)
		if c.want != "" && !slices.Contains(got, c.want) {
			t.Errorf("%q: commands %q, want %q among them", c.src, got, c.want)
		}
		if c.want == "" && (len(a.Unresolved) > 0) != c.unresolved {
			t.Errorf("%q: unresolved %v, want %v", c.src, a.Unresolved, c.unresolved)
		}
	}
}
