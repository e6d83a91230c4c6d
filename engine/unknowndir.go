package engine

import (
	"strings"

	"github.com/agentctl/agentctl/bashparse"
)

// unknownDirWitnesses spell a relative write made after the shell moved to
// a directory not known until run time (cd ../.gi?, cd ${X:-.git},
// cd "$(…)") as if that directory were .git or .claude: it may be, and
// those are the places even bypass mode asks before writing (§6). Without
// them, cd ../.gi? && echo x > config wrote .git/config unasked in
// bypass mode. Other modes already ask for a write whose place is unknown.
// The witness starts with "…/", the directory no one knows yet.
func unknownDirWitnesses(base FileFact, op bashparse.File, dirUnknown bool) []FileFact {
	if !dirUnknown || op.Dynamic || op.Path == "" || strings.HasPrefix(op.Path, "/") || strings.HasPrefix(op.Path, "~") {
		return nil
	}
	out := make([]FileFact, 0, 2)
	for _, d := range [...]string{".git/", ".claude/"} {
		ff := base
		ff.Path, ff.Resolved = "…/"+d+op.Path, "…/"+d+op.Path
		out = append(out, ff)
	}
	return out
}
