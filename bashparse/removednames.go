package bashparse

import (
	"path"
	"strings"
)

// removedNames are the names a command takes away without being a
// remover (rm, rmdir, unlink, shred): each mv source leaves its place
// (mv . ../x, mv /usr /x), and rsync --delete empties its destination of
// whatever the sources lack (rsync -a --delete empty/ ../ wipes the
// parent directory, .git included). Each is marked Removes, so removing a
// critical path this way asks as rm of it does (spec §6). ops are the
// command's operands, targetDir whether -t or
// --target-directory named the destination.
func removedNames(name string, args, ops []Word, targetDir bool) []File {
	var removed []File
	switch name {
	case "mv":
		srcs := ops
		if !targetDir && len(ops) > 1 {
			srcs = ops[:len(ops)-1]
		}
		for _, s := range srcs {
			// A glob's static directory is not what it moves (mv *.txt
			// out/ moves children of the cwd). A source known only at
			// run time is no tree (mv "$f" dir/ is every script's loop):
			// only its text can show a critical path (mv $PWD ../x).
			if !s.Glob {
				f := fileOf(s, s.Value, Write, "mv")
				f.Removes = true
				removed = append(removed, f)
			}
		}
	case "rsync":
		if len(ops) > 1 && rsyncDeletes(args) {
			d := ops[len(ops)-1]
			f := fileOf(d, d.Value, Write, "rsync --delete")
			f.Removes, f.Tree = true, true
			removed = append(removed, f)
		}
	}
	return removed
}

// rsyncDeletes reports an rsync option that deletes files in the
// destination: --delete and its variants (--delete-before, -during,
// -delay, -after, -excluded, --delete-missing-args) and --del.
func rsyncDeletes(args []Word) bool {
	for _, a := range args {
		v := a.Value
		if v == "--" {
			return false
		}
		if a.Dynamic && !wholeQuoted(a) {
			return true // "$OPTS" may hold --delete
		}
		if strings.HasPrefix(v, "--del") {
			return true
		}
	}
	return false
}

// rsyncTrees are the trees rsync changes beyond the copy: the
// destination --delete empties (a nested .git or .claude in it goes), and
// the sources --remove-source-files empties of their files. Each is a
// changing walk whose protected stand-ins the engine keeps where such a
// file can be.
func rsyncTrees(args []Word) []Tree {
	ops := operandWords(args, "e")
	if len(ops) < 2 {
		return nil
	}
	var out []Tree
	if rsyncDeletes(args) {
		d := ops[len(ops)-1]
		out = append(out, Tree{Root: d.Value, Access: Write, Via: "rsync --delete", Dynamic: !d.Static()})
	}
	if hasLong(args, "--remove-source-files") {
		for _, s := range ops[:len(ops)-1] {
			out = append(out, Tree{Root: s.Value, Access: Write, Via: "rsync --remove-source-files", Dynamic: !s.Static()})
		}
	}
	return out
}

// parentsInto lists what cp --parents writes: DIR/SOURCE with the
// source's whole path kept below the target directory, so cd pay && cp
// --parents .git/hooks/pre-commit .. writes the session's own
// ../.git/hooks/pre-commit, which DIR/base(SOURCE) does not show. dirs
// are the -t/--target-directory writes.
func parentsInto(ops []Word, dirs []File) []File {
	srcs := ops
	var targets []string
	for _, d := range dirs {
		targets = append(targets, d.Path)
	}
	if len(targets) == 0 {
		if len(ops) < 2 {
			return nil
		}
		srcs, targets = ops[:len(ops)-1], []string{ops[len(ops)-1].Value}
	}
	var out []File
	for _, s := range srcs {
		for _, t := range targets {
			out = append(out, fileOf(s, path.Join(t, s.Value), Write, "cp --parents"))
		}
	}
	return out
}

// rsyncRelative lists what rsync -R (--relative) writes: DIR/SOURCE with
// the source's path kept below the destination, from a "/./" in it on
// when it has one (rsync -aR pay/./.git/hooks . writes ./.git/hooks).
func rsyncRelative(args, ops []Word) []File {
	rel := hasLong(args, "--relative")
	for _, a := range args {
		v := a.Value
		if v == "--" {
			break
		}
		if len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.IndexByte(v[1:], 'R') >= 0 {
			rel = true
		}
	}
	if !rel || len(ops) < 2 {
		return nil
	}
	dst := ops[len(ops)-1].Value
	var out []File
	for _, s := range ops[:len(ops)-1] {
		p := s.Value
		if i := strings.Index(p, "/./"); i >= 0 {
			p = p[i+3:]
		}
		out = append(out, fileOf(s, path.Join(dst, p), Write, "rsync -R"))
	}
	return out
}
