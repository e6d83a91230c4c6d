package bashparse

import "testing"

// red14traceDisguises are forms found in the third round against real
// bash: words bash expands a second time (completion word lists),
// hook variables, and more spellings of the earlier families.
var red14traceDisguises = []string{
	`compgen -W '$(rm -rf victim)' x`,
	"compgen -W '`rm -rf victim`' x",
	`compgen -W '${x:=$(rm -rf victim)}' x`,
	`compgen -W '$((a[$(rm -rf victim)]))' x`,
	`complete -W '$(rm -rf victim)' x`,
	`compgen -P '$(rm -rf other)' -W a`,
	`compgen -X '$(rm -rf other)' -W a`,
	`compgen -G '$(rm -rf other)'`,
	`compgen -W 'a b c' a`,
}

// TestTraceDiffRed14 compares the analysis with what bash really runs for
// the third round's disguises.
func TestTraceDiffRed14(t *testing.T) { red12traceCompare(t, red14traceDisguises) }
