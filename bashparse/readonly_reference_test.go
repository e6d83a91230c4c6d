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
		"date": true, "date +%s": true, "date -u": true, "hostname": true, "hostname -f": true,
		"uname -a": true, "id": true, "whoami": true, "ps aux": true, "sort -u a": true, "cut -c1 a": true,
		"git config --get user.name": true, "git cat-file -p HEAD": true, "od -c a": true,
		// The reference asks for these.
		"uniq a": false, "join a b": false, "xxd a": false, "less a": false, "more a": false,
		"command -v ls": false, "git ls-tree HEAD": false, "git config --list": false,
		// They change the system.
		"date -s 2020-01-01": false, "date --set=x": false, "date --se x": false, "date 010100002020": false,
		"date -us x": false, "hostname evil": false, "hostname -F f": false, "hostname --file f": false,
	} {
		f := strings.Fields(cmd)
		if got := IsReadOnly(f[0], f[1:]); got != want {
			t.Errorf("%s: read-only %v, want %v", cmd, got, want)
		}
	}
}
