package bashparse

import "strings"

// gitConfigGetReadOnly accepts git config --get KEY and --get-all KEY
// reading the repository's own configuration, and nothing more: --global
// and --system print values from files outside the working directories
// (~/.gitconfig may hold a token in a url.*.insteadOf), --file, --blob
// and --includes pick other sources or follow include.path (--file
// stays: its file is a read the operand table checks), and the
// reference asks for each of them. (--list prints every value,
// credentials too: the reference asks.)
func gitConfigGetReadOnly(args []string) bool {
	if len(args) == 0 || args[0] != "--get" && args[0] != "--get-all" {
		return false
	}
	for i := 1; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") {
			continue
		}
		// -f FILE / --file=FILE reads a file the operand table checks
		// (outside the working directories it asks).
		name, _, attached := strings.Cut(a, "=")
		switch {
		case a == "-f" || len(name) >= len("--fil") && strings.HasPrefix("--file", name):
			if !attached {
				i++
			}
		case strings.HasPrefix(a, "-f"):
		default:
			return false
		}
	}
	return true
}
