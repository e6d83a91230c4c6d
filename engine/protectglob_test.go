package engine

import (
	"slices"
	"testing"
)

func TestProtectedPatternWitnesses(t *testing.T) {
	for _, c := range []struct {
		p    string
		want []string
	}{
		{"/p/.gi?/config", []string{"/p/.git/config"}},
		{"/p/.[g]it/hooks/x", []string{"/p/.git/hooks/x"}},
		{"/p/.*/x", []string{"/p/.git/x"}},
		{"/p/{.git,b}/config", []string{"/p/.git/config"}},
		{"/p/.{g,}it/x", []string{"/p/.git/x"}},
		{"/p/.{f..h}it/x", []string{"/p/.git/x"}},
		{"/p/.bash?c", []string{"/p/.bashrc"}},
		{"/p/.[!.]it/x", []string{"/p/.git/x"}},
		{"/p/.[^.]it/x", []string{"/p/.git/x"}},
		{"/p/.[!g]it/x", nil},
		{"/p/.C{l,x}aude/s.json", []string{"/p/.claude/s.json"}},
		{"/p/*/config", nil},
		{"/p/{a,b}/config", nil},
		{"/p/src/*.go", nil},
		{"/p/.cache/*", nil},
		// Too many words: the alternatives are tried as segments.
		{"/p/{a,.git}{,}/x{1..900}", []string{"/p/a/.git/x/1..900"}},
	} {
		if got := protectedPatternWitnesses(c.p); !slices.Equal(got, c.want) {
			t.Errorf("%s: %q, want %q", c.p, got, c.want)
		}
	}
}
