package engine

import (
	"slices"

	"github.com/agentctl/agentctl/bashparse"
	"github.com/agentctl/agentctl/settings"
)

// walkGuards are the guards a recursive walk's witnesses are made from
// (see newGuards), with the rules each comes from: a walk meets only the
// guards of rules that see its access (entryKinds). A read walk's witness
// under an Edit deny rule decides nothing, and a walk that lists it in
// place of one that does would stop short (maxWalkWitnesses).
type walkGuards struct {
	globs guardGlobs // every walk guard, sorted
	read  guardGlobs // the guards of rules that see a read walk
	write guardGlobs // the guards of rules that see a write walk
	grep  guardGlobs // the guards of rules that see Grep's own walk
	uses  map[string][]guardUse
	plans map[string]*guardPlan
	memo  witnessMemo
}

// guardUse is one rule behind a walk guard: its tool's path-rule kind
// (Read, Edit, Grep …) and behaviour.
type guardUse struct {
	kind     string
	behavior string
}

// maxWalkWitnesses bounds the witnesses a walk lists when none of them
// can be certain (a walk without include filters). Each only makes the
// walk ask (tool stage), and the first already does; every one is
// weighed against the rules and named in the reason — a history diff of
// a repository under a policy of a thousand rules listed two thousand and
// took 50 ms. Every guard kept is one whose rules see the walk's access,
// so each witness listed decides.
const maxWalkWitnesses = 8

// add records that rule r (of behaviour b, for tool kind) gives glob g.
func (w *walkGuards) add(g string, r settings.Rule) {
	if w.uses == nil {
		w.uses = map[string][]guardUse{}
	}
	u := guardUse{kind: r.Tool, behavior: string(r.Behavior)}
	if !slices.Contains(w.uses[g], u) {
		w.uses[g] = append(w.uses[g], u)
	}
}

// finish sorts the guards, so that an engine and a bundle built from the
// same rules list a walk's witnesses alike, and splits them by access.
func (w *walkGuards) finish() {
	w.globs = w.globs[:0]
	for g := range w.uses {
		w.globs = append(w.globs, g)
	}
	slices.Sort(w.globs)
	w.plans = make(map[string]*guardPlan, len(w.globs))
	for _, g := range w.globs {
		w.plans[g] = planGuard(g)
	}
	w.read = w.filter(bashparse.Read, "")
	w.write = w.filter(bashparse.Write, "")
	w.grep = w.filter(bashparse.Read, "Grep")
}

// filter lists the guards some rule of which sees a walk with access a by
// tool via (entryKinds: a Read rule sees reads, and as a deny every
// access; an Edit rule writes; a searching tool's own rules its walk).
func (w *walkGuards) filter(a bashparse.Access, via string) guardGlobs {
	var out guardGlobs
	for _, g := range w.globs {
		for _, u := range w.uses[g] {
			f := FileFact{Access: string(a), Via: via}
			if slices.Contains(entryKinds(u.behavior, &f), u.kind) {
				out = append(out, g)
				break
			}
		}
	}
	return out
}

// forWalk lists the guards of rules that see walk t.
func (w *walkGuards) forWalk(t bashparse.Tree) guardGlobs {
	switch {
	case t.Via == "Grep" && t.Access == bashparse.Read:
		return w.grep // worked out once: Grep's walk is on a decision's path
	case ownRulesTool(t.Via):
		return w.filter(t.Access, t.Via)
	case t.Access == bashparse.Read:
		return w.read
	case t.Access == bashparse.Write:
		return w.write
	}
	return w.globs // an access no rule kind names: every guard, the stricter
}

// ownRulesTool reports a tool whose own path rules apply to its walk, as
// entryKinds adds them.
func ownRulesTool(via string) bool { return via == "Grep" || via == "NotebookRead" }

// treeWitnesses lists the witnesses of walk t rooted at root (see
// guardGlobs.treeWitnessesBy), at most maxWalkWitnesses when none can be
// certain.
func (w *walkGuards) treeWitnesses(root string, t bashparse.Tree) []ReachFact {
	if bashparse.DirOnlyWalk(t.Via) && !t.Dynamic {
		return w.aliasWitnesses(root, t)
	}
	return w.treeWitnessesBy(root, t, true)
}

// treeWitnessesBy is treeWitnesses with guardGlobs.treeWitnessesBy's named.
func (w *walkGuards) treeWitnessesBy(root string, t bashparse.Tree, named bool) []ReachFact {
	limit := 0
	if len(t.Include) == 0 {
		limit = maxWalkWitnesses
	}
	gs := w.forWalk(t)
	if gs == nil {
		return nil
	}
	key := witnessKey(root, t, named)
	if cs := w.memo.lookup(key, func() [][]candidate { return gs.walkCandidatesOf(root, t, named, w.plans) }); cs != nil {
		return replayWitnesses(cs, root, t, limit)
	}
	return gs.treeWitnessesBy(root, t, named, limit, w.plans)
}
