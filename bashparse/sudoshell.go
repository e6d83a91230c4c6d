package bashparse

import "strings"

// sudoShellScript is the script sudo -s and sudo -i hand to the shell's
// -c: each word with every byte but letters, digits, "_", "-" and "$"
// escaped by a backslash, joined by spaces (sudo's parse_args). "$" is
// left for the shell to expand, so sudo -s 'rm$IFS-rf$IFS.' runs rm.
func sudoShellScript(words []Word) (string, bool) {
	var b strings.Builder
	dyn := false
	for i, w := range words {
		if i > 0 {
			b.WriteByte(' ')
		}
		dyn = dyn || !w.Static()
		for j := 0; j < len(w.Value); j++ {
			c := w.Value[j]
			if !(c == '_' || c == '-' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
				b.WriteByte('\\')
			}
			b.WriteByte(c)
		}
	}
	return b.String(), dyn
}
