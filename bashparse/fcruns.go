package bashparse

import "path"

// fc runs commands from the shell's history unless it only lists them
// (-l): fc -e - and fc -s re-run the last one, fc -e true (or fc with
// FCEDIT or EDITOR set to a command that leaves the file as it is) runs
// the entries it was asked to edit. The history is what history -s put
// there or what history -r read from a file (HISTFILE), which the
// analysis does not follow: set -o history; history -r cmds; fc -e - ran
// the rm -rf the file held. Running fc is an unresolved part.

// fcRuns reports whether args (a command's argv) is an fc that executes
// history entries rather than listing them.
func fcRuns(args []Word) bool {
	if len(args) == 0 || path.Base(args[0].Value) != "fc" {
		return false
	}
	for i := 1; i < len(args); i++ {
		v := args[i].Value
		if !args[i].Static() {
			return true // may be anything, -l or not
		}
		if v == "--" || len(v) < 2 || v[0] != '-' {
			return true // operands: the entries to run
		}
		for j := 1; j < len(v); j++ {
			switch v[j] {
			case 'l':
				return false
			case 'e':
				if j == len(v)-1 {
					i++ // -e NAME: the editor is the next word
				}
				j = len(v)
			}
		}
	}
	return true
}
