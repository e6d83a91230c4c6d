package bashparse

import "testing"

func TestAwkMaskLiterals(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`/foo|bar/ {print}`, `// {print}`},
		{`$1 ~ /a|b/`, `$1 ~ //`},
		{`(/a|b/) && /c|d/`, `(//) && //`},
		{`!/a|b/`, `!//`},
		{`{print $1 "|" $2}`, `{print $1 "" $2}`},
		{`{print | "sh"}`, `{print | ""}`},
		{`{print "\"|" | c}`, `{print "" | c}`},
		{`/a\/|b/`, `//`},
		{`/[/|]/ {print}`, `// {print}`},
		// Division, not a regexp: left as written.
		{`{x = a / 2; print | c; y = b / 2}`, `{x = a / 2; print | c; y = b / 2}`},
		{`{print 1 /2/ 3 | c}`, `{print 1 /2/ 3 | c}`},
		{`{print $1/2 | c}`, `{print $1/2 | c}`},
		// A regexp holding a quote, or running past its line: left as written.
		{`/"/ {print | c}`, `/"/ {print | c}`},
		{"/a|\nb/", "/a|\nb/"},
		// An unclosed string: the rest as written.
		{`{print "a|b`, `{print "a|b`},
	} {
		if got := awkMaskLiterals(c.in); got != c.want {
			t.Errorf("awkMaskLiterals(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// FuzzAwkMaskLiterals: blanking never adds a pipe, and every pipe outside
// a string or regexp literal is kept.
func FuzzAwkMaskLiterals(f *testing.F) {
	for _, s := range []string{`/a|b/ {print | c}`, `{print "|" | "sh"}`, `{x = a / 2 | c}`, `"\"|"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := awkMaskLiterals(s)
		count := func(x string) (n int) {
			for i := 0; i < len(x); i++ {
				if x[i] == '|' {
					n++
				}
			}
			return n
		}
		if count(got) > count(s) {
			t.Fatalf("%q → %q adds a pipe", s, got)
		}
	})
}
