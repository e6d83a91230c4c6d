package engine

import (
	"testing"
)

// TestGlobReachesDir: a guard anchored in another tree is passed over; one
// above, inside or around the walk's root is looked at.
func TestGlobReachesDir(t *testing.T) {
	for _, c := range []struct {
		g, dir string
		want   bool
	}{
		{"/p/data/**", "/p", true}, {"/p/data/**", "/p/data/x", true}, {"/p/**/.env", "/p/src", true},
		{"/P/Data/**", "/p", true}, {"/q/data/**", "/p", false}, {"/p2/x", "/p", false},
		{"/**/.env", "/anything", true}, {"/p/a[bc]/**", "/p/ab", true}, {"/p/a[bc]/**", "/q", false},
	} {
		if got := globReachesDir(c.g, c.dir); got != c.want {
			t.Errorf("globReachesDir(%q, %q) = %v, want %v", c.g, c.dir, got, c.want)
		}
	}
}
