package engine

import (
	"os"
	"path"
	"strings"

	"github.com/agentctl/agentctl/bashparse"
)

// treeWitnessesBy lists paths under a guard glob that a walk of root could
// visit, after the walk's own filters. Guards match in any letter case: a
// root spelled "/Proj/SRC" meets the guard "/proj/src/**", and the
// witnesses keep the root as written. A literal include that names a
// witness makes it certain only when named says so; otherwise only an
// include that selects nothing outside the guard does (a search tool's
// glob "package.json" may find one under secrets/, but does not aim
// there). A limit above zero stops the list at that many witnesses, one
// per guard (for a walk none of whose witnesses can be certain).
func (gs guardGlobs) treeWitnessesBy(root string, t bashparse.Tree, named bool, limit int, plans map[string]*guardPlan) []ReachFact {
	k := newWitnessTaker(root, t, limit)
	lroot := strings.ToLower(root)
	includeNames := includeFills(t)
	for _, g := range gs {
		if k.full() {
			break
		}
		p := plans[g]
		if p == nil {
			p = planGuard(g)
		}
		if !p.reaches(lroot) {
			continue // anchored in another tree: no path under root matches
		}
		p.candidates(g, root, lroot, t, named, includeNames, k.take)
	}
	return k.out
}

// includeFills is the names that fill a walk's include globs.
func includeFills(t bashparse.Tree) []string {
	var names []string
	for _, in := range t.Include {
		names = append(names, fillSegment(in)...)
	}
	return names
}

// candidates visits, in the order a walk's witnesses are weighed, the paths
// under root that guard g matches and the walk's filters keep (certain:
// walkKeeps); visit returns true when the guard is done. Nothing here looks
// at the file system, so a walk's candidates can be kept (witnessMemo);
// whether a parent is a file is the taker's to ask, on every call.
func (p *guardPlan) candidates(g, root, lroot string, t bashparse.Tree, named bool, includeNames []string, visit func(c string, certain bool) bool) {
	// try weighs candidate c given guardMatch(g, c).
	try := func(c string, matched bool) bool {
		if !matched {
			return false
		}
		certain, ok := walkKeeps(root, c, g, t, named)
		return ok && visit(c, certain)
	}
	var inRoot []string
	done := false
	for i, w := range p.fill {
		matched := p.fillMatch[i]
		if !inDir(w, root) && inDir(w, lroot) {
			w = strings.TrimSuffix(root, "/") + strings.TrimPrefix(w, strings.TrimSuffix(lroot, "/"))
			if strings.IndexByte(g, '[') >= 0 {
				// Only a class compares the path as written (guardMatchLower).
				matched = guardMatch(g, w)
			}
		}
		if inDir(w, root) {
			done = done || try(w, matched)
			inRoot = append(inRoot, w)
		}
	}
	if done {
		return
	}
	// Each filled path and every directory between it and the root: a
	// guard deeper than one level below the root (~/.ssh/** under /)
	// still meets the walk's include names (-name id_rsa).
	var dirs []string
	for _, w := range inRoot {
		for d := w; inDir(d, root); d = path.Dir(d) {
			dirs = append(dirs, d)
			if d == root || d == "/" {
				break
			}
		}
	}
	dirs = append(dirs, root, root+"/x")
	for _, n := range p.names {
		dirs = append(dirs, root+"/"+n)
	}
	for _, d := range dirs {
		if try(d, guardMatch(g, d)) {
			return
		}
		for _, n := range p.names {
			if c := d + "/" + n; try(c, guardMatch(g, c)) {
				return
			}
		}
		for _, n := range includeNames {
			if c := d + "/" + n; try(c, guardMatch(g, c)) {
				return
			}
		}
	}
}

// witnessTaker lists one walk's witnesses from its guards' candidates.
type witnessTaker struct {
	root    string
	t       bashparse.Tree
	limit   int
	seen    map[string]bool
	parents parentKinds // witnesses of one walk share their parents
	out     []ReachFact
}

func newWitnessTaker(root string, t bashparse.Tree, limit int) *witnessTaker {
	return &witnessTaker{root: root, t: t, limit: limit, seen: map[string]bool{}}
}

// full reports a list at its limit.
func (k *witnessTaker) full() bool { return k.limit > 0 && len(k.out) >= k.limit }

// take weighs candidate c of the current guard; it reports when the guard
// is done (under a limit, one witness stands for the guard).
func (k *witnessTaker) take(c string, certain bool) bool {
	if k.seen[c] {
		// Listed for another guard: it stands for this one too.
		return k.limit > 0
	}
	if k.parents.underFile(c) {
		return false
	}
	k.seen[c] = true
	k.out = append(k.out, ReachFact{FileFact: FileFact{Path: c, Resolved: c, Access: string(k.t.Access), Via: k.t.Via,
		Written: k.t.Root}, Root: k.root, Certain: certain})
	return k.limit > 0
}

// guardPlan is what a walk's witnesses are made from for one guard glob,
// worked out once per engine (walkGuards.finish): its literal directory,
// its filled paths (fillGlob), whether the guard matches each (fillMatch:
// the match is most of a walk's cost, and a filled path is tried by every
// walk that reaches it) and the names that fill its segments.
type guardPlan struct {
	lit       string
	fill      []string
	fillMatch []bool
	names     []string
}

// planGuard works out g's plan.
func planGuard(g string) *guardPlan {
	p := &guardPlan{lit: globLiteralDir(g), fill: fillGlob(g), names: segments(g)}
	p.fillMatch = make([]bool, len(p.fill))
	for i, w := range p.fill {
		p.fillMatch[i] = guardMatch(g, w)
	}
	return p
}

// reaches is globReachesDir for the planned glob.
func (p *guardPlan) reaches(ldir string) bool {
	return p.lit == "" || inDir(ldir, p.lit) || inDir(p.lit, ldir)
}

// globReachesDir reports whether glob g can match a path under dir (both
// lower-cased as guardMatch compares them): g's literal directory holds
// dir or lies in it.
func globReachesDir(g, ldir string) bool {
	return (&guardPlan{lit: globLiteralDir(g)}).reaches(ldir)
}

// globLiteralDir is g lower-cased up to its first wildcard, cut back to a
// slash; a glob without one is its own literal.
func globLiteralDir(g string) string {
	lit := strings.ToLower(g)
	if i := strings.IndexAny(lit, "*?[{\\"); i >= 0 {
		lit = lit[:i]
		if i := strings.LastIndexByte(lit, '/'); i >= 0 {
			lit = lit[:i]
		}
	}
	return lit
}

// parentKinds remembers, for one walk's witnesses, which parents are files.
type parentKinds map[string]bool

// underFile is the package's underFile, each parent looked at once.
func (k *parentKinds) underFile(p string) bool {
	d := path.Dir(p)
	if v, ok := (*k)[d]; ok {
		return v
	}
	if *k == nil {
		*k = parentKinds{}
	}
	v := underFile(p)
	(*k)[d] = v
	return v
}

// underFile reports a path whose parent exists and is not a directory:
// nothing can be under it (.env the file, not .env/ the directory).
func underFile(p string) bool {
	fi, err := os.Stat(path.Dir(p))
	return err == nil && !fi.IsDir()
}
