package engine

import "sync"

// reachFindings is what one uncertain witness of a walk adds to
// tool.findings: a finding for each deny and each ask rule its path
// matches. A walk's witnesses come back call after call (the same tree
// walked by the same command), and matching each against the rules and
// spelling the findings was a tenth of a Bash call inside a repository;
// the answer depends only on the index's rules and the witness's fields
// below, so the index keeps it.
func (n *nativeEval) reachFindings(r *ReachFact) []string {
	k := reachKey{path: r.Path, resolved: r.Resolved, access: r.Access, via: r.Via, root: r.Root}
	if out, ok := n.x.reach.get(k); ok {
		return out
	}
	failed := n.err != nil
	var out []string
	verb := "write"
	if r.Access == "read" {
		verb = "read"
	}
	var rules ruleSet
	n.fileMatches(n.x.deny, "deny", &r.FileFact, &rules)
	for _, rule := range rules {
		out = append(out, r.Via+" over "+r.Root+" could "+verb+" "+r.Path+" (under deny rule "+rule.describe+")")
	}
	var asks ruleSet
	n.fileMatches(n.x.ask, "ask", &r.FileFact, &asks)
	for _, rule := range asks {
		out = append(out, r.Via+" over "+r.Root+" could "+verb+" "+r.Path+" (under ask rule "+rule.describe+")")
	}
	if !failed && n.err == nil {
		// A glob that failed to match fails the decision: not kept.
		n.x.reach.put(k, out)
	}
	return out
}

// reachKey is every field of a witness its findings depend on.
type reachKey struct {
	path, resolved, access, via, root string
}

// reachMemo is an index's kept reachFindings, shared by the calls an
// engine decides at once.
type reachMemo struct {
	mu sync.Mutex
	m  map[reachKey][]string
}

// maxReachFindings bounds the witnesses kept; past it the memo starts
// again.
const maxReachFindings = 4096

func (m *reachMemo) get(k reachKey) ([]string, bool) {
	m.mu.Lock()
	out, ok := m.m[k]
	m.mu.Unlock()
	return out, ok
}

func (m *reachMemo) put(k reachKey, out []string) {
	m.mu.Lock()
	if m.m == nil || len(m.m) >= maxReachFindings {
		m.m = make(map[reachKey][]string)
	}
	m.m[k] = out
	m.mu.Unlock()
}
