package engine

import (
	"path"
	"path/filepath"
	"strings"
	"sync"
	"unsafe"
)

// resolve follows symlinks; for a path that does not exist yet, the deepest
// existing parent is resolved and the rest appended.
func resolve(p string) string { return (*resolver)(nil).resolve(p) }

// resolver remembers symlink resolutions within one call (a nil resolver
// remembers nothing): the parents of several operands are resolved once,
// and a component found missing answers for every path under it. It never
// outlives the call, so a symlink made mid-session is seen.
type resolver struct {
	evals map[string]resolution // the slow path: made at first use
	plain callMemo[string, plainness]
	// cleaned remembers clean's answers: a word is cleaned against the
	// same directory for its operand, its mention and its protected check.
	cleaned callMemo[[2]string, string]
	// gitConfigs remembers the repository configuration a git command
	// reads, by (dir, git dir) and by ("", git dir) (env.repoConfig).
	gitConfigs callMemo[[2]string, repoConfig]
	// gitWalk is the git directory found from each directory walked.
	gitWalk callMemo[string, string]
	// nlinks is each regular file's link count as this call saw it (0:
	// missing, or no regular file).
	nlinks callMemo[string, uint64]
	// base is the directory most of a call's words sit under (its cwd).
	// At the first path under it, the directory is opened once (proving
	// it plain) and each path is looked at relative to it: a single name
	// costs one short fstatat instead of a walk from the root.
	base string
	dir  baseDir
	// arena holds the bytes of the paths the call joins (dir + "/" +
	// word): one block serves many calls' joins, and bytes once handed
	// out are never written again.
	arena []byte
}

// join is dir + "/" + p in the arena.
func (r *resolver) join(dir, p string) string {
	n := len(dir) + 1 + len(p)
	if cap(r.arena)-len(r.arena) < n {
		r.arena = make([]byte, 0, max(4096, n))
	}
	start := len(r.arena)
	r.arena = append(append(append(r.arena, dir...), '/'), p...)
	return unsafe.String(&r.arena[start], n)
}

// newResolver is an empty per-call resolver whose paths mostly sit under
// base ("" for none). Close releases what it opened.
func newResolver(base string) *resolver {
	if base == "/" {
		base = ""
	}
	r := resolvers.Get().(*resolver)
	r.base = base
	return r
}

// resolvers holds emptied resolvers: one is a few kilobytes of inline
// memos, and a Bash call needs one.
var resolvers = sync.Pool{New: func() any { return new(resolver) }}

// Close releases the base directory, if it was opened, and empties the
// resolver for the next call: nothing it learnt outlives this one.
func (r *resolver) Close() {
	if r == nil {
		return
	}
	r.dir.close()
	rest := r.arena[len(r.arena):] // only bytes not yet handed out
	*r = resolver{arena: rest}
	resolvers.Put(r)
}

type resolution struct {
	path string
	err  error
}

func (r *resolver) eval(p string) (string, error) {
	if r == nil {
		return evalSymlinks(p)
	}
	if v, ok := r.evals[p]; ok {
		return v.path, v.err
	}
	path, err := evalSymlinks(p)
	if r.evals == nil {
		r.evals = map[string]resolution{}
	}
	r.evals[p] = resolution{path, err}
	return path, err
}

// isPlain reports a path that resolves to itself (see plainPath).
func (r *resolver) isPlain(p string) bool {
	if r == nil {
		return plainPath(p) != notPlain
	}
	if s, ok := r.plain.get(p); ok {
		return s != notPlain
	}
	// A missing component met before any link stays missing for every
	// path under it: the kernel would walk the same prefix and stop there.
	for d := path.Dir(p); len(d) > 1; d = path.Dir(d) {
		if s, _ := r.plain.get(d); s == plainMissing {
			return true
		}
	}
	s := r.look(p)
	r.plain.put(p, s)
	return s != notPlain
}

// knownMissing reports a path this call has already found missing (it,
// or a directory above it, does not exist), without a system call.
func (r *resolver) knownMissing(d string) bool {
	if r == nil {
		return false
	}
	for ; len(d) > 1; d = path.Dir(d) {
		if s, _ := r.plain.get(d); s == plainMissing {
			return true
		}
	}
	return false
}

// look is one plainness check of p, relative to the base directory when
// p sits under it.
func (r *resolver) look(p string) plainness {
	if r.base == "" || !strings.HasPrefix(p, r.base) || (len(p) > len(r.base) && p[len(r.base)] != '/') {
		return plainPath(p)
	}
	if !r.dir.opened() && !r.dir.open(r.base) {
		return plainPath(p)
	}
	if len(p) == len(r.base) {
		return plainExists
	}
	s, links := r.dir.plainAt(p[len(r.base)+1:])
	if links >= 0 {
		r.nlinks.put(p, uint64(links))
	}
	return s
}

// links is hardLinks(p), answered without a system call when this call
// already looked at p: found missing (no other name), or given its link
// count by the look that proved it plain.
func (r *resolver) links(p string) uint64 {
	if r == nil {
		return hardLinks(p)
	}
	if n, ok := r.nlinks.get(p); ok {
		return n
	}
	if r.knownMissing(p) {
		return 0
	}
	n := hardLinks(p)
	r.nlinks.put(p, n)
	return n
}

// resolve is the package resolve through the resolver.
func (r *resolver) resolve(p string) string {
	if r.isPlain(p) {
		return p
	}
	if res, err := r.eval(p); err == nil {
		return res
	}
	if res, ok := followDangling(p); ok {
		return res
	}
	dir, rest := filepath.Dir(p), filepath.Base(p)
	for dir != p {
		if res, err := r.eval(dir); err == nil {
			return filepath.Join(res, rest)
		}
		p = dir
		rest = filepath.Join(filepath.Base(dir), rest)
		dir = filepath.Dir(dir)
	}
	return p
}

// quick is quickResolve through the resolver.
func (r *resolver) quick(p string) string {
	if r.isPlain(p) {
		return p
	}
	if res, err := r.eval(p); err == nil {
		return res
	}
	return p
}
