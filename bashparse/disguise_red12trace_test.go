package bashparse

import (
	"slices"
	"testing"
)

// red12traceHasRm reports whether the analysis runs rm.
func red12traceHasRm(a *Analysis) bool {
	return slices.ContainsFunc(a.Commands, func(c Command) bool { return c.Wide.Name == "rm" })
}

// TestCarriageReturnIsAWordCharacter: bash reads \r as part of a word, so
// "x\r#" starts no comment and "\\\r\n" is no line continuation (r12t-1).
func TestCarriageReturnIsAWordCharacter(t *testing.T) {
	for _, src := range []string{
		"echo x\r# ; rm -rf victim",
		"echo x\r#; rm -rf victim",
		"echo x \\\r\nrm -rf victim",
		"bash -c $'echo x\\r# ; rm -rf victim'",
		"eval $'echo x\\r# ; rm -rf victim'",
		"cat <<'E'\r\nbody\nE\nrm -rf victim\nE\r\n",
	} {
		a := Parse(src)
		if !slices.ContainsFunc(a.Unresolved, func(u Unresolved) bool { return u.Reason == ReasonCarriageReturn }) {
			t.Errorf("%q: no %s in %+v", src, ReasonCarriageReturn, a.Unresolved)
		}
		if !red12traceHasRm(&a) && src[:3] != "cat" {
			t.Errorf("%q: rm not seen: %+v", src, a.Commands)
		}
	}
	// Neighbours: no carriage return byte in the script.
	for _, src := range []string{`echo $'x\r' # rm -rf victim`, `printf '%s\r\n' x`, "echo x\n# rm"} {
		a := Parse(src)
		if len(a.Unresolved) > 0 || red12traceHasRm(&a) {
			t.Errorf("%q: %+v %+v", src, a.Unresolved, a.Commands)
		}
	}
}
