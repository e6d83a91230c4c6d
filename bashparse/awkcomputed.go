package bashparse

import "github.com/agentctl/agentctl/internal/lazyre"

// An awk program opens files its words need not spell: getline < f and
// print > f take any expression, and the operands it reads are ARGV, which
// the program may rewrite (ARGV[1] = ".e" "nv"; ARGC = 2 prints .env).
// Only a quoted literal target is a file agentctl can check; any other is a
// file known at run time only.
var (
	awkGetlineComputed = lazyre.New(`getline[^<;}]*<\s*[^"\s]`)
	awkPrintComputed   = lazyre.New(`print[f]?[^;}|]*?>>?\s*[^"\s>]`)
	awkArgv            = lazyre.New(`\bARG[VC]\b`)
)

// awkComputedFiles lists, for one awk program, a run-time file for each
// kind of access the program makes to a file it computes.
func awkComputedFiles(w Word) []File {
	var out []File
	if awkGetlineComputed.MatchString(w.Value) || awkArgv.MatchString(w.Value) {
		out = append(out, File{Path: "<awk computed file>", Access: Read, Via: "awk", Dynamic: true})
	}
	if awkPrintComputed.MatchString(w.Value) {
		out = append(out, File{Path: "<awk computed file>", Access: Write, Via: "awk", Dynamic: true})
	}
	return out
}
