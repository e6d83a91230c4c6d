package bashparse

import "strings"

// gitConfigGetReadOnly accepts git config --get KEY and --get-all KEY
// reading the repository's own configuration, and nothing more: --global
// and --system print values from files outside the working directories
// (~/.gitconfig may hold a token in a url.*.insteadOf), --file, --blob
// and --includes pick other files or follow include.path, and the
// reference asks for each of them. (--list prints every value,
// credentials too: the reference asks.)
func gitConfigGetReadOnly(args []string) bool {
	if len(args) == 0 || args[0] != "--get" && args[0] != "--get-all" {
		return false
	}
	for _, a := range args[1:] {
		if strings.HasPrefix(a, "-") {
			return false
		}
	}
	return true
}
