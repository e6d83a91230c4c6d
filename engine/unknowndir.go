package engine

import (
	"strings"

	"github.com/agentctl/agentctl/bashparse"
)

// guessWitnesses spell a relative write made after the shell moved to a
// directory a word named but the parser cannot follow (cd .gi?,
// cd ${X:-.git}) as written under that word: .gi?/config, then the
// protected names that pattern or shape may spell (.git/config). Even
// bypass mode asks before writing under .git or .claude (§6), and without
// them cd .gi? && echo x > config wrote .git/config unasked. A directory no
// word names ($D, $(…), cd -) is weighed as before: like a write to "$D/x",
// it is a place no rule can see.
func guessWitnesses(base FileFact, op bashparse.File, guess string) []FileFact {
	if guess == "" || op.Dynamic || op.Path == "" || strings.HasPrefix(op.Path, "/") || strings.HasPrefix(op.Path, "~") {
		return nil
	}
	under := op
	under.Path, under.Dynamic = guess+"/"+op.Path, true
	var out []FileFact
	for _, w := range append(shapeWitnesses(under), protectedPatternWitnesses(under.Path)...) {
		ff := base
		ff.Path, ff.Resolved = w, w
		out = append(out, ff)
	}
	return out
}
