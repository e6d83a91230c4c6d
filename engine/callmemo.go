package engine

// callMemo remembers a call's answers by key. A call asks about a handful
// of paths: scanning a short inline list beats hashing and allocates
// nothing beyond its owner; past callMemoInline entries a map takes over.
type callMemo[K comparable, V any] struct {
	n    int
	ents [callMemoInline]struct {
		k K
		v V
	}
	more map[K]V
}

const callMemoInline = 8

// get returns the value remembered for k.
func (m *callMemo[K, V]) get(k K) (V, bool) {
	for i := range m.ents[:m.n] {
		if m.ents[i].k == k {
			return m.ents[i].v, true
		}
	}
	v, ok := m.more[k]
	return v, ok
}

// put remembers v for k (a key already there keeps its first value: the
// answers are the same within a call).
func (m *callMemo[K, V]) put(k K, v V) {
	if m.n < callMemoInline {
		m.ents[m.n].k, m.ents[m.n].v = k, v
		m.n++
		return
	}
	if m.more == nil {
		m.more = map[K]V{}
	}
	m.more[k] = v
}
