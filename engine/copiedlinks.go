package engine

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"github.com/agentctl/agentctl/bashparse"
)

// maxCopiedLinks bounds the links one copied tree may add to a call's
// facts: each is resolved and checked like a file operand.
const maxCopiedLinks = 200

// copiedLinks lists, for a source a copy or move recreates links of
// (bashparse.File.CopiesLinks), each symbolic link at or under it as a
// write of that link: the command makes a second name for what the link
// points to, so it is checked as `ln -s TARGET NEW` is (its resolved path
// is the target: a protected path asks, a path outside the working
// directories asks where writes there ask). The walk reads at most
// globBudget directories and keeps at most maxCopiedLinks links; a tree
// larger than that is a write known only at run time, and may carry a
// link to .git (spec §6: fail closed).
func (e env) copiedLinks(op bashparse.File, dir string) []FileFact {
	roots := []string{e.clean(op.Path, dir)}
	if op.Glob {
		m, complete := boundedGlob(e.globAt(op.Path, dir))
		if !complete {
			return e.unlookedTree(op, staticPrefix(e.globAt(op.Path, dir)))
		}
		sort.Strings(m)
		roots = m
	}
	var out []FileFact
	dirs, links := globBudget, maxCopiedLinks
	for _, root := range roots {
		fi, err := os.Lstat(root)
		if err != nil {
			continue // nothing there yet: no link to copy
		}
		if fi.Mode()&fs.ModeSymlink != 0 {
			out = append(out, e.file(root, "/", "write", op.Via))
			out = append(out, e.relinked(op, dir, root, root)...)
			continue
		}
		if !fi.IsDir() {
			continue
		}
		err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil // unreadable: nothing the command can copy either
			}
			switch {
			case e.carriesProtected(root, p, d):
				out = append(out, e.file(p, "/", "write", op.Via))
				if d.IsDir() {
					return fs.SkipDir
				}
			case d.IsDir():
				if dirs--; dirs < 0 {
					return fs.SkipAll
				}
			case d.Type()&fs.ModeSymlink != 0:
				if links--; links < 0 {
					return fs.SkipAll
				}
				out = append(out, e.file(p, "/", "write", op.Via))
				out = append(out, e.relinked(op, dir, root, p)...)
			}
			return nil
		})
		if err != nil || dirs < 0 || links < 0 {
			return append(out, e.unlookedTree(op, root)...)
		}
	}
	return out
}

// unlookedTree stands for the links of a tree copiedLinks could not look
// through: a write of the tree known only at run time, and a write of a
// .git directory under it (a link there may name the repository's).
func (e env) unlookedTree(op bashparse.File, root string) []FileFact {
	return []FileFact{
		{Path: root, Resolved: root, Access: "write", Via: op.Via, Written: op.Path, Dynamic: true},
		{Path: root + "/.git", Resolved: root + "/.git", Access: "write", Via: op.Via, Written: op.Path, Glob: true},
	}
}
