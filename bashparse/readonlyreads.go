package bashparse

import (
	"strings"
	"sync"
)

// Options of read-only commands that open a file they name and print what
// is in it, or steer the output by it. A read-only command runs without
// asking (spec §3), so each such file is a read checked like an operand:
// outside the working directories it asks, under a Read deny rule it is
// denied. Checked with the real programs: tree 2.1 -H . --hintro=F and
// --houtro=F print F verbatim; git 2.39 blame --ignore-revs-file=F prints
// F's first line in its error ("invalid object name: TOKEN=…"); git config
// --get --file F prints any key of an INI-style file (~/.aws/credentials);
// sort --random-source=F orders by F's bytes.

// readOptionPrograms is the third part of the power table: the file-reading
// options of read-only commands. powerOptions reads it with the others.
// Safe for concurrent use.
var readOptionPrograms = sync.OnceValue(func() map[string][]program {
	blame := []progOpt{{[]string{"--ignore-revs-file"}, readsFile}}
	return map[string][]program{
		"git": {{sub: "blame", opts: blame}, {sub: "annotate", opts: blame},
			{sub: "config", opts: []progOpt{{[]string{"-f", "--file"}, readsFile}}}},
		"sort": {{opts: []progOpt{{[]string{"--random-source"}, readsFile}}}},
		"tree": {{opts: []progOpt{{[]string{"--hintro", "--houtro", "--infofile", "--gitfile"}, readsFile}}}},
	}
})

// readOptionNeighbours are each program's everyday long options that
// begin like a file-reading one: given in full they are themselves, not an
// abbreviation of it (tree --info, git blame --ignore-rev).
var readOptionNeighbours = map[string][]string{
	"tree": {"--info"}, "git": {"--ignore-rev", "--fixed-value"}, "sort": {"--random-sort"},
}

// readOptionLongs lists readOptionPrograms' long options with their
// neighbours, as programLongs does for programs. Safe for concurrent use.
var readOptionLongs = sync.OnceValue(func() map[string][][]string {
	out := longNames(readOptionPrograms())
	for name, lists := range out {
		for i := range lists {
			lists[i] = append(lists[i], readOptionNeighbours[name]...)
		}
		out[name] = lists
	}
	return out
})

// atFileOperands are the files GNU binutils' strings reads its arguments
// from: every word "@FILE" is replaced by FILE's words, and a word that
// names no file is printed in the error ("strings: 'TOKEN=abc': No such
// file"), so @FILE prints FILE's content.
func atFileOperands(inner []Word) []File {
	if len(inner) < 2 || !inner[0].Static() || inner[0].Value != "strings" {
		return nil
	}
	var out []File
	for _, w := range inner[1:] {
		if f, ok := strings.CutPrefix(w.Value, "@"); ok && f != "" {
			out = append(out, fileOf(w, f, Read, "strings @FILE"))
		}
	}
	return out
}

// tableFormatsSafe refuses, for a command a command table approved, a git
// format that verifies signatures: %G?, %GS, %GK … in --format= or
// --pretty= run gpg.program (git 2.39 log, show, diff-tree and whatchanged
// ran a program the repository's config named), as the core check
// (gitLogReadOnly) refuses them. The tables' option grammar takes any
// format value.
func tableFormatsSafe(name string, args []string) bool {
	if name != "git" {
		return true
	}
	for _, a := range args {
		if (strings.HasPrefix(a, "--format=") || strings.HasPrefix(a, "--pretty=")) && strings.Contains(a, "%G") {
			return false
		}
	}
	return true
}
