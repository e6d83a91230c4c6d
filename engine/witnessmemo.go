package engine

import (
	"strconv"
	"strings"
	"sync"

	"github.com/agentctl/agentctl/bashparse"
)

// witnessMemo keeps, for the walks an engine has seen more than once, each
// guard's candidates (guardPlan.candidates): working them out is most of a
// walk's cost, they depend only on the rules, the root as written and the
// walk's own filters, and a session repeats its walks (git diff from the
// same directory). What the file system says — whether a candidate's
// parent is a file — is asked again on every call, so nothing the disk
// holds is kept across calls.
type witnessMemo struct {
	mu    sync.Mutex
	walks map[string]*walkCandidates
}

// maxMemoWalks bounds the walks a memo keeps; past it the memo starts
// again, which costs only the next calls' work.
const maxMemoWalks = 256

// walkCandidates is one walk's candidates, guard by guard in the order
// treeWitnessesBy weighs them; nil until the walk is seen a second time
// (a walk seen once is worked out directly, at no extra cost).
type walkCandidates struct {
	guards [][]candidate
}

// candidate is a path a guard matches and the walk keeps.
type candidate struct {
	path    string
	certain bool
}

// lookup returns the candidates of walk key, building them with build the
// second time the walk is seen; nil means "work it out directly".
func (m *witnessMemo) lookup(key string, build func() [][]candidate) [][]candidate {
	m.mu.Lock()
	w, ok := m.walks[key]
	if !ok {
		if m.walks == nil || len(m.walks) >= maxMemoWalks {
			m.walks = map[string]*walkCandidates{}
		}
		m.walks[key] = &walkCandidates{}
		m.mu.Unlock()
		return nil
	}
	if w.guards != nil {
		m.mu.Unlock()
		return w.guards
	}
	m.mu.Unlock()
	guards := build()
	m.mu.Lock()
	w.guards = guards
	m.mu.Unlock()
	return guards
}

// witnessKey names a walk by all that its candidates depend on.
func witnessKey(root string, t bashparse.Tree, named bool) string {
	var b strings.Builder
	b.WriteString(root)
	b.WriteByte(0)
	b.WriteString(string(t.Access))
	b.WriteByte(0)
	b.WriteString(t.Via)
	b.WriteByte(0)
	b.WriteString(strconv.FormatBool(named))
	b.WriteString(strconv.FormatBool(t.SkipHidden))
	for _, in := range t.Include {
		b.WriteString("\x00i")
		b.WriteString(in)
	}
	for _, ex := range t.Exclude {
		b.WriteString("\x00x")
		b.WriteString(ex)
	}
	return b.String()
}

// walkCandidatesOf works out every guard's candidates for a walk of root.
func (gs guardGlobs) walkCandidatesOf(root string, t bashparse.Tree, named bool, plans map[string]*guardPlan) [][]candidate {
	lroot := strings.ToLower(root)
	includeNames := includeFills(t)
	out := [][]candidate{}
	for _, g := range gs {
		p := plans[g]
		if p == nil {
			p = planGuard(g)
		}
		if !p.reaches(lroot) {
			continue
		}
		var cs []candidate
		p.candidates(g, root, lroot, t, named, includeNames, func(c string, certain bool) bool {
			cs = append(cs, candidate{path: c, certain: certain})
			return false
		})
		if len(cs) > 0 {
			out = append(out, cs)
		}
	}
	return out
}

// replay lists a walk's witnesses from its kept candidates, as
// treeWitnessesBy would.
func replayWitnesses(guards [][]candidate, root string, t bashparse.Tree, limit int) []ReachFact {
	k := newWitnessTaker(root, t, limit)
	n := 0
	for _, cs := range guards {
		n += len(cs)
	}
	if limit > 0 {
		n = min(n, limit)
	}
	// Most candidates are taken; a long list is not sized ahead, as a
	// parent that is a file may drop most of it.
	k.out = make([]ReachFact, 0, min(n, 32))
	for _, cs := range guards {
		if k.full() {
			break
		}
		for _, c := range cs {
			if k.take(c.path, c.certain) {
				break
			}
		}
	}
	if len(k.out) == 0 {
		return nil // as the direct walk lists none
	}
	return k.out
}
