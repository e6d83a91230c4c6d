package engine

import (
	"os"
	"path/filepath"

	"github.com/agentctl/agentctl/bashparse"
)

// A relative symbolic link names its target from the directory it sits
// in. A copy or move that carries it to another directory can make it
// name another place: a repository's tpl/up -> .. points into the
// project, yet `mv tpl/up up` makes up point at the project's parent, and
// a later `touch up/x` in the same command writes outside the working
// directories under a name that was checked as inside. copiedLinks checks
// each carried link where it points now; relinked checks it where it
// will point: below the destination (op.CopyTo) as the destination itself
// and as a directory the source lands in, for the command's options say
// which only at run time. With no destination known before the run, the
// new target is a write known only at run time (spec §6: fail closed).
// An absolute target names the same place from anywhere: nothing to add.
func (e env) relinked(op bashparse.File, dir, root, link string) []FileFact {
	target, err := os.Readlink(link)
	if err != nil || filepath.IsAbs(target) {
		return nil
	}
	if op.CopyTo == "" {
		return []FileFact{{Path: link, Resolved: link, Access: "write", Via: op.Via, Written: op.Path, Dynamic: true}}
	}
	rel, err := filepath.Rel(root, link)
	if err != nil {
		return []FileFact{{Path: link, Resolved: link, Access: "write", Via: op.Via, Written: op.Path, Dynamic: true}}
	}
	// The link lands where the destination really is: through a linked
	// directory (ld -> .) a lexical join would place it one level off.
	dest := e.res.resolve(e.clean(op.CopyTo, dir))
	var out []FileFact
	for _, newRoot := range landings(dest, filepath.Base(root), op.CopyPlace) {
		moved := filepath.Join(newRoot, rel)
		out = append(out, e.file(filepath.Join(filepath.Dir(moved), target), "/", "write", op.Via))
	}
	return out
}

// landings are where a source named base lands when copied or moved to
// dest: into it (dest/base), as it (dest), or, when the options leave it
// to the file system, into an existing directory and as the name
// otherwise. A directory that -T replaces is both, as an empty one may be.
func landings(dest, base, place string) []string {
	into := filepath.Join(dest, base)
	switch place {
	case "into":
		return []string{into}
	case "as":
		return []string{dest, into}
	}
	if fi, err := os.Stat(dest); err == nil && fi.IsDir() {
		return []string{into}
	}
	return []string{dest}
}
