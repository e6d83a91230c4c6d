package engine

// namedInWD ports allow.confined_ok's condition: every place the call's
// words name (facts.named) lies in the working directories.
func (n *nativeEval) namedInWD() bool {
	for i := range n.f.Named {
		if !n.fileInWD(&n.f.Named[i]) {
			return false
		}
	}
	return true
}
