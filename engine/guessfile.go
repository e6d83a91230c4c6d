package engine

import (
	"strings"

	"github.com/agentctl/agentctl/bashparse"
)

// guessFile is the file a relative write after an unfollowed cd opens when
// the cd's word is a plain path (cd -P q/.., set -P; cd q/.., a folded
// cd "$(echo .git)"): the kernel's walk of guess/op from the starting
// directory, where a ".." after a symbolic link climbs from the link's
// target, as a physical cd does. With q a link to .git/hooks, bash's
// cd -P q/.. && echo x > config wrote .git/config; the lexical spelling
// (q/../config is config) hid it. It is nil for a guess that is a pattern
// or still holds run-time text (guessWitnesses spells those).
func (e env) guessFile(base FileFact, op bashparse.File, guess string) []FileFact {
	if guess == "" || op.Dynamic || op.Path == "" || strings.HasPrefix(op.Path, "/") || strings.HasPrefix(op.Path, "~") ||
		strings.HasPrefix(guess, "~") || strings.ContainsAny(guess, "$`*?[{\\\"'") {
		return nil
	}
	ff := e.file(guess+"/"+op.Path, e.cwd, string(op.Access), op.Via)
	ff.Written, ff.Redirect, ff.Dynamic = base.Written, base.Redirect, true
	// Named by where the kernel lands: the lexical name is already a fact
	// (the plain operand), and facts are kept once per path.
	ff.Path = ff.Resolved
	return []FileFact{ff}
}
