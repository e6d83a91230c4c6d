package engine

// withOwnFills adds to a guard's names those the shell glob segment seg
// itself spells (k* as "k" and "kx"): a guard whose segment is a wildcard
// (secrets/**) takes any name, so the witness of pr s*/k* is secrets/k,
// which no name of the guard alone fills. Each witness is still matched
// against the guard, so the extra names add no false one.
func withOwnFills(names []string, seg string) []string {
	own := fillSegment(seg)
	if len(own) == 0 {
		return names
	}
	out := make([]string, 0, len(names)+len(own))
	return append(append(out, names...), own...)
}
