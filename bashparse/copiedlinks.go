package bashparse

import "strings"

// A copy that keeps symbolic links as links, and every move, recreates the
// links of its sources under new names: `cp -P lnk g` where lnk points at
// .git makes g a second name for .git, and `cp -r src d` (or `mv src d`)
// carries src/l -> ../.git along as d/l; so does rsync -a. A later part of the same command
// can then write .git/config as g/config or d/l/config, names that do not
// exist while the command is checked. The sources of such commands are
// marked (File.CopiesLinks) so that the engine counts every link in them
// as a write of what it points to, as it counts `ln -s .git g` (spec §6).

// keepsLinks reports a cp or rsync whose options keep links as links.
// cp: -P, --no-dereference, -d, -a/--archive, and -r/-R/--recursive (GNU
// and BSD cp copy the links of a tree as links unless told -L). rsync:
// -l/--links and -a/--archive (which holds -l). A later -L does not
// count: the sources are walked either way, which only fails closed. A
// word known only at run time ("$OPTS") may hold any of them.
func keepsLinks(name string, args []Word) bool {
	letters, longs, valued := "PdarR", []string{"--no-dereference", "--archive", "--recursive"}, "tS"
	if name == "rsync" {
		letters, longs, valued = "la", []string{"--links", "--archive"}, "e"
	}
	for _, a := range args {
		v := a.Value
		if a.Dynamic && !wholeQuoted(a) {
			return true
		}
		if v == "--" {
			return false
		}
		if strings.HasPrefix(v, "--") {
			for _, l := range longs {
				if isLongOpt(v, l) {
					return true
				}
			}
			continue
		}
		if len(v) < 2 || v[0] != '-' {
			continue
		}
		for _, c := range v[1:] {
			if strings.ContainsRune(valued, c) {
				break // the rest of the word is the option's value
			}
			if strings.ContainsRune(letters, c) {
				return true
			}
		}
	}
	return false
}

// markCopiedLinks sets CopiesLinks on the source operands in out of a mv,
// or of a cp or rsync that keeps links (keepsLinks). ops are the operands;
// targetDir is set when -t/--target-directory names the destination, so
// every operand is a source.
func markCopiedLinks(name string, args, ops []Word, targetDir bool, out []File) {
	if name != "mv" && !keepsLinks(name, args) {
		return
	}
	srcs := ops
	if !targetDir {
		if len(ops) < 2 {
			return
		}
		srcs = ops[:len(ops)-1]
	}
	for i := range out {
		if out[i].Via != name {
			continue
		}
		for _, s := range srcs {
			if out[i].Path == s.Value {
				out[i].CopiesLinks = true
				break
			}
		}
	}
}
