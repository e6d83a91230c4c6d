package bashparse

// clusterValue is the value of the short option that ends at byte at of
// args[i] (a cluster such as -ne'SCRIPT' or -nf FILE): the rest of the
// word when the value is attached, else the next word. next is the index
// of the last word consumed; ok is false when the value is missing.
func clusterValue(args []Word, i, at int) (value Word, next int, ok bool) {
	if rest := args[i].Value[at+1:]; rest != "" {
		w := args[i]
		w.Value = rest
		return w, i, true
	}
	if i+1 < len(args) {
		return args[i+1], i + 1, true
	}
	return Word{}, i, false
}
