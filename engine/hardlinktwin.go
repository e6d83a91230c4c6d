package engine

import (
	"os"
	"path/filepath"
	"strings"
)

// Hard-link twins: a regular file with more than one name is the same
// file under each of them. A hard link src/notes.txt to .env reads .env's
// content, while the deny rule Read(.env) names only the other name — and
// the names cannot be found from the inode without walking the file
// system. What can be looked at cheaply is the other side: the files the
// deny and ask rules name literally (.env at a working directory or any
// directory above the file, ~/.ssh/id_rsa, the entries of secrets/). A
// file that is one of them under another name is that file too: it is
// added as a fact of its own, so every rule (either evaluator) weighs it.
// Only a file whose link count is above one is compared; most are not.

// twinMaxFiles bounds the files a call's facts are compared for, and
// twinMaxEntries the directory entries looked at per file: a call with
// many operands or a guarded directory with many files is not walked
// whole for the rare linked file.
const (
	twinMaxFiles   = 32
	twinMaxEntries = 256
	twinMaxDepth   = 3
)

// withHardLinkTwins adds, for every read or write of a regular file with
// other hard links, the guarded files that are the same file (a write
// that changes a name, rm or mv, leaves the other names' content as it
// was).
func (e env) withHardLinkTwins(f Facts) Facts {
	if len(e.twin) == 0 {
		return f
	}
	n := len(f.Files)
	for i := 0; i < n && i < twinMaxFiles; i++ {
		ff := f.Files[i]
		if ff.Dynamic || ff.Glob || ff.Access == "write" && nameOnly[ff.Via] {
			continue
		}
		for _, t := range e.twin.twins(ff.Resolved, e.res) {
			tf := ff
			tf.Path, tf.Resolved = t, t
			f.Files = append(f.Files, tf)
		}
	}
	return f
}

// twins lists the files the guard globs name literally that are p under
// another name; nil when p is no regular file with other hard links. res
// (nil for none) answers p's link count when the call already looked.
func (gs guardGlobs) twins(p string, res *resolver) []string {
	if res.links(p) < 2 {
		return nil
	}
	st, err := os.Stat(p)
	if err != nil {
		return nil
	}
	var out []string
	seen := map[string]bool{p: true}
	budget := twinMaxEntries
	var look func(c string, depth int)
	look = func(c string, depth int) {
		if seen[c] || budget <= 0 {
			return
		}
		seen[c] = true
		budget--
		ct, err := os.Stat(c)
		switch {
		case err != nil:
		case ct.Mode().IsRegular():
			if os.SameFile(st, ct) {
				out = append(out, c)
			}
		case ct.IsDir() && depth < twinMaxDepth:
			ents, err := os.ReadDir(c)
			if err != nil {
				return
			}
			for _, d := range ents {
				look(c+"/"+d.Name(), depth+1)
			}
		}
	}
	for _, g := range gs {
		for _, c := range twinCandidates(g, p) {
			look(c, 0)
		}
	}
	return out
}

// twinCandidates are the places glob g names literally, for a file p: g
// itself without wildcards (its trailing /** dropped: the directory's
// files are looked at), or, for L/**/NAME, NAME in L and in every
// directory between L and p.
func twinCandidates(g, p string) []string {
	g = strings.TrimSuffix(g, "/**")
	if !hasGlobMeta(g) {
		return []string{g}
	}
	root, name, ok := strings.Cut(g, "/**/")
	if !ok || hasGlobMeta(root) || hasGlobMeta(name) || root == "" {
		return nil
	}
	out := []string{root + "/" + name}
	if rel, err := filepath.Rel(root, filepath.Dir(p)); err == nil && rel != "." && !strings.HasPrefix(rel, "..") {
		d := root
		for _, c := range strings.Split(rel, "/") {
			d += "/" + c
			out = append(out, d+"/"+name)
		}
	}
	return out
}

// hasGlobMeta reports a glob metacharacter in g.
func hasGlobMeta(g string) bool { return strings.ContainsAny(g, "*?[{\\") }
