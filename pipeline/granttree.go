package pipeline

import (
	"os"
	"strings"
)

// grantsTree reports whether the session rule made from an approved call
// of tool would cover a whole directory tree the call did not read. A
// Read rule for a directory covers every file below it, so "always allow"
// of a Glob (which lists names under its path and opens no file), of a
// Grep or a Read whose path is a directory (or a link to one), would let
// later calls read every file there — ~/.ssh/id_rsa beside the approved
// ~/docs listing — unasked. Bash's file rules refuse directories for the
// same reason (widerThanFile). Such an approval counts for the call it
// answered only: the call's next run asks again.
func grantsTree(tool, rule string) bool {
	name, spec, ok := strings.Cut(rule, "(")
	if !ok || (name != "Read" && name != "Edit") {
		return false
	}
	if tool == "Glob" {
		return true // its path is a directory by nature, and it opens no file
	}
	p := strings.TrimPrefix(strings.TrimSuffix(spec, ")"), "/")
	st, err := os.Stat(p)
	switch {
	case err == nil:
		return st.IsDir()
	case os.IsNotExist(err):
		return false // a file yet to be made: the rule names it alone
	}
	return true // cannot tell: fail closed
}
