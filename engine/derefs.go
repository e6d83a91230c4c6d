package engine

import (
	"errors"
	"io/fs"
	"path/filepath"
)

// Bounds of the walk derefLinks makes: the entries it looks at, and the
// links outside the root it reports before it stops.
const (
	maxDerefEntries = 20000
	maxDerefLinks   = 32
)

// derefLinks are the reads a walk that follows symbolic links (grep -R,
// rg -L) makes through the links below root that point out of it: a
// repository that ships h -> ~ has `grep -R BEGIN .` print ~/.ssh/id_rsa,
// a read inside the working directories by its root alone. Each link is a
// read of its target (path: the link, resolved: where it points), which
// the policy checks as any read. A tree too large to look through is a
// read of a place not known. A dangling link reads nothing.
func (e env) derefLinks(root, via string) []FileFact {
	via += " (a link it follows)"
	rroot, err := filepath.EvalSymlinks(root)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil // a missing root walks nothing
	case err != nil:
		// A root that cannot be resolved (a loop, no permission to look)
		// hides where the walk goes: a read of a place not known.
		return []FileFact{{Path: root, Resolved: root, Access: "read", Via: via, Written: root, Dynamic: true}}
	}
	var out []FileFact
	n := 0
	unknown := false
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if n++; n > maxDerefEntries || len(out) >= maxDerefLinks {
			unknown = true
			return filepath.SkipAll
		}
		if err != nil || d.Type()&fs.ModeSymlink == 0 {
			return nil
		}
		target, err := filepath.EvalSymlinks(p)
		if err != nil || within(rroot, target) {
			return nil
		}
		out = append(out, FileFact{Path: p, Resolved: target, Access: "read", Via: via, Written: p})
		return nil
	})
	if unknown {
		out = append(out, FileFact{Path: root, Resolved: root, Access: "read", Via: via, Written: root, Dynamic: true})
	}
	return out
}

// within reports whether p is dir or below it.
func within(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !filepath.IsAbs(rel) && (len(rel) < 3 || rel[:3] != "../")
}
