package engine

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/agentctl/agentctl/bashparse"
)

// TestWitnessMemoEqualsDirect holds a walk's remembered witnesses equal to
// the ones worked out directly, the first time a walk is seen (direct), the
// second (built) and after (replayed), over the ~1,000-rule policy.
func TestWitnessMemoEqualsDirect(t *testing.T) {
	e := loadLarge(t, 1000)
	cwd := e.settings.Cwd
	roots := []string{cwd, filepath.Join(cwd, "src"), filepath.Join(cwd, "data"), filepath.Dir(cwd), "/", e.settings.Home,
		strings.ToUpper(cwd[:2]) + cwd[2:]}
	trees := []bashparse.Tree{
		{Access: bashparse.Read, Via: "Bash"},
		{Access: bashparse.Read, Via: "Bash", Include: []string{".env"}},
		{Access: bashparse.Read, Via: "Bash", Include: []string{"*.go", "set1*"}},
		{Access: bashparse.Read, Via: "Bash", Exclude: []string{"data"}},
		{Access: bashparse.Read, Via: "Bash", SkipHidden: true},
		{Access: bashparse.Write, Via: "Bash"},
		{Access: bashparse.Write, Via: "Bash", Include: []string{"mod1*/**"}},
		{Access: bashparse.Read, Via: "Grep", Include: []string{"**/set3/**"}},
		{Access: "exec", Via: "Bash"},
	}
	for _, root := range roots {
		for _, tr := range trees {
			for _, named := range []bool{true, false} {
				tr.Root = root
				limit := 0
				if len(tr.Include) == 0 {
					limit = maxWalkWitnesses
				}
				want := e.walkGuards.forWalk(tr).treeWitnessesBy(root, tr, named, limit, e.walkGuards.plans)
				for i := 0; i < 3; i++ {
					got := e.walkGuards.treeWitnessesBy(root, tr, named)
					if !reflect.DeepEqual(got, want) {
						t.Fatalf("walk %q %+v named=%v, call %d:\n got %v\nwant %v", root, tr, named, i+1, got, want)
					}
				}
			}
		}
	}
}

// TestWitnessMemoAsksTheDisk shows that a remembered walk still asks the
// file system on every call: a witness right under a path that is a file is
// left out, and comes back once a directory takes the file's place.
func TestWitnessMemoAsksTheDisk(t *testing.T) {
	e := loadLarge(t, 1000)
	cwd := e.settings.Cwd
	data := filepath.Join(cwd, "data")
	tr := bashparse.Tree{Root: cwd, Access: bashparse.Read, Via: "Bash", Include: []string{"set1*"}}
	underData := func() int {
		n := 0
		for _, r := range e.walkGuards.treeWitnesses(cwd, tr) {
			if filepath.Dir(r.Path) == data {
				n++
			}
		}
		return n
	}
	os.RemoveAll(data)
	if err := os.WriteFile(data, []byte("a file\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ { // seen, built, replayed
		if n := underData(); n != 0 {
			t.Fatalf("call %d: %d witnesses under %s, a file", i+1, n, data)
		}
	}
	os.Remove(data)
	if err := os.Mkdir(data, 0o755); err != nil {
		t.Fatal(err)
	}
	if n := underData(); n == 0 {
		t.Fatalf("no witness under %s once it is a directory: the remembered walk did not ask the disk", data)
	}
}
