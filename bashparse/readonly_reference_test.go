package bashparse

import (
	"strings"
	"testing"
)

// TestReadOnlyAgreesWithReference: where the spec's list is silent, a
// command is read-only when the reference CLI (../shared/oracle) runs it
// without asking in default mode, and never when it asks.
func TestReadOnlyAgreesWithReference(t *testing.T) {
	for cmd, want := range map[string]bool{
		// The reference runs these without asking.
		"sort -u a": true, "cut -c1 a": true,
		"git config --get user.name": true, "git cat-file -p HEAD": true, "od -c a": true,
		// The reference asks for these.
		"uniq a": false, "join a b": false, "xxd a": false, "less a": false, "more a": false,
		"command -v ls": false, "git ls-tree HEAD": false, "git config --list": false,
		// The reference runs these without asking, but the shared corpus
		// keeps a substitution of one from an allow (go build $(whoami)):
		// system facts stay off the list.
		"date": false, "id": false, "whoami": false, "uname -a": false, "ps aux": false, "hostname": false,
	} {
		f := strings.Fields(cmd)
		if got := IsReadOnly(f[0], f[1:]); got != want {
			t.Errorf("%s: read-only %v, want %v", cmd, got, want)
		}
	}
}
