package engine

import (
	"fmt"
	"testing"

	"github.com/agentctl/agentctl/bashparse"
)

// TestCapWitnesses: a walk keeps every certain witness and the first
// maxTreeWitnesses of the others, in order.
func TestCapWitnesses(t *testing.T) {
	var in []ReachFact
	for i := 0; i < 20; i++ {
		in = append(in, ReachFact{FileFact: FileFact{Path: fmt.Sprint(i)}, Certain: i == 3 || i == 15})
	}
	got := capWitnesses(in)
	want := []string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "15"}
	if len(got) != len(want) {
		t.Fatalf("kept %d: %v", len(got), got)
	}
	for i, w := range want {
		if got[i].Path != w {
			t.Errorf("witness %d = %s, want %s", i, got[i].Path, w)
		}
	}
}

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

// TestTreeWitnessesManyGuards: a walk under a policy of many deny rules
// still asks (some witness), keeps the certain one an include selects, and
// names at most maxTreeWitnesses of the rest.
func TestTreeWitnessesManyGuards(t *testing.T) {
	var gs guardGlobs
	for i := 0; i < 300; i++ {
		gs = append(gs, fmt.Sprintf("/p/data/set%d/**", i))
	}
	gs = append(gs, "/p/**/.env")
	plain := gs.treeWitnesses("/p", bashparse.Tree{Root: ".", Access: bashparse.Read, Via: "grep -r"})
	if len(plain) == 0 || len(plain) > maxTreeWitnesses {
		t.Fatalf("%d witnesses", len(plain))
	}
	inc := gs.treeWitnesses("/p", bashparse.Tree{Root: ".", Access: bashparse.Read, Via: "grep -r", Include: []string{".env"}})
	certain := false
	for _, w := range inc {
		certain = certain || w.Certain
	}
	if !certain {
		t.Fatalf("the include that selects .env lost its certain witness: %v", inc)
	}
}
