package bashparse

import (
	"path"
	"strings"
)

// ViaAlias marks a Tree whose files get a second name rather than being
// read or written: the sources of mv, git mv and rename, and the targets
// of ln. What lies below such a root can be opened under the new name by
// the next command of the same line (ln -s x q && cat q/y/z.txt, mv x q
// && cat q/y/z.txt), where neither the link nor the moved directory
// exists yet when the line is checked, so no symlink resolution can see
// through it. A deny rule on
// a path below the root must therefore still be heard (spec §4: a deny
// fires if either the path or its resolved target matches). Only a root
// that is a directory when the line is checked has anything below it: the
// engine weighs the walk of no other (mv a.txt b.txt names one file, and
// that file is checked as the operand it is). A root holding glob
// characters stands for the directories it matches then.
const ViaAlias = "a rename or link"

// ViaGitDir marks a Tree of a pathspec git checkout or git restore writes
// back from the index or a revision: a directory named so is rewritten
// whole (git restore x rewrites x/y/z.txt), which a deny below it must
// hear as git restore x/y/z.txt is heard. As for ViaAlias, only a root
// that is a directory when the line is checked is walked.
const ViaGitDir = "git checkout or restore of a directory"

// DirOnlyWalk reports a walk of a Tree that reaches below its root only
// when the root is a directory at check time (ViaAlias, ViaGitDir).
func DirOnlyWalk(via string) bool { return via == ViaAlias || via == ViaGitDir }

// gitDirPathspecTrees lists the trees of the pathspecs git checkout or git
// restore writes (gitPathspecs); a pathspec known only at run time could
// be any directory.
func gitDirPathspecTrees(paths []Word) []Tree {
	var out []Tree
	for _, p := range paths {
		out = append(out, Tree{Root: p.Value, Access: Write, Via: ViaGitDir, Dynamic: p.Dynamic || p.Tilde || p.Brace})
	}
	return out
}

// aliasTrees lists the trees mv and ln give a new name to: every source
// of mv (moved whole, so also written: what was denied there is gone from
// its place) and every target of ln (a symbolic link to a directory opens
// all of it). A relative symbolic link target is read from the link's
// directory, so that spelling is listed too.
func aliasTrees(name string, args []Word) []Tree {
	ops := operandWords(args, "tS")
	dirs := targetDirs(args)
	srcs := ops
	if len(dirs) == 0 && len(ops) > 1 {
		srcs = ops[:len(ops)-1]
		dirs = []string{path.Dir(ops[len(ops)-1].Value)}
	}
	var out []Tree
	for _, s := range srcs {
		// A glob is weighed by what it matches; a word known only at run
		// time (a variable, ~, a brace) could be any directory.
		dyn := s.Dynamic || s.Tilde || s.Brace
		out = append(out, Tree{Root: s.Value, Access: Write, Via: ViaAlias, Dynamic: dyn})
		if name != "ln" || dyn || strings.HasPrefix(s.Value, "/") {
			continue
		}
		for _, d := range dirs {
			if d != "." && d != "" {
				out = append(out, Tree{Root: path.Join(d, s.Value), Access: Write, Via: ViaAlias})
			}
		}
	}
	return out
}

// renameTrees lists the trees util-linux rename FROM TO FILE… gives a new
// name. Every operand is listed: the engine walks only those that are
// directories, and a FROM or TO naming one is taken as a file it renames,
// which can only ask more.
func renameTrees(args []Word) []Tree {
	var out []Tree
	for _, o := range operandWords(args, "") {
		out = append(out, Tree{Root: o.Value, Access: Write, Via: ViaAlias, Dynamic: o.Dynamic || o.Tilde || o.Brace})
	}
	return out
}

// targetDirs lists the directories named by -t DIR, -tDIR (also inside a
// cluster: -st DIR) and --target-directory[=]DIR of mv and ln.
func targetDirs(args []Word) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if v == "--" {
			break
		}
		if strings.HasPrefix(v, "--") {
			if val, eq, ok := longOpt(v, "--target-directory"); ok {
				if !eq && i+1 < len(args) {
					i++
					val = args[i].Value
				}
				out = append(out, val)
			}
			continue
		}
		if !strings.HasPrefix(v, "-") || v == "-" {
			continue
		}
		for j := 1; j < len(v); j++ {
			if v[j] == 'S' {
				break // the backup suffix is the rest of the word
			}
			if v[j] == 't' {
				d := v[j+1:]
				if d == "" && i+1 < len(args) {
					i++
					d = args[i].Value
				}
				out = append(out, d)
				break
			}
		}
	}
	return out
}
