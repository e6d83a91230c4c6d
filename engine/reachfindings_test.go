package engine

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestReachFindingsKeptAgreeWithRego decides calls that walk a repository
// three times each under both evaluators: the native one answers the later
// calls' witnesses from what its index kept, the Rego one works each out,
// and any difference fails the decision. A witness the tree gains between
// calls is weighed too.
func TestReachFindingsKeptAgreeWithRego(t *testing.T) {
	ctx := context.Background()
	e := loadLargeWith(t, 1000, EvalBoth)
	cwd := e.settings.Cwd
	top := filepath.Dir(cwd)
	for _, d := range []string{".git/objects", ".git/refs/heads"} {
		if err := os.MkdirAll(filepath.Join(top, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(top, ".git", "HEAD"), []byte("ref: refs/heads/main\n"), 0o644)
	commands := []string{
		"git diff HEAD~1",
		"cd src && npm run test -- --watch | tee out.log; git diff HEAD~1 > /dev/null || echo failed",
		"grep -r TODO .",
		"rg -l secret",
		"find . -name '*.go'",
		"tar czf /tmp/x.tgz .",
		"cp -r . /tmp/copy",
		"rm -rf data",
	}
	decideAll := func() []Decision {
		var out []Decision
		for _, c := range commands {
			d, err := e.Decide(ctx, Call{Tool: "Bash", Input: map[string]any{"command": c}})
			if err != nil {
				t.Fatal(err)
			}
			if d.Stage == StageError {
				t.Fatalf("%s: %s", c, d.Reason)
			}
			out = append(out, d)
		}
		return out
	}
	first := decideAll()
	for i := 0; i < 2; i++ {
		if again := decideAll(); !reflect.DeepEqual(again, first) {
			t.Fatalf("call %d differs from the first:\n%v\n%v", i+2, again, first)
		}
	}
	if len(e.native.reach.m) == 0 {
		t.Fatal("no witness's findings were kept: the test weighs nothing kept")
	}
	// A guarded directory the tree gains brings new witnesses.
	if err := os.MkdirAll(filepath.Join(cwd, "data", "set115"), 0o755); err != nil {
		t.Fatal(err)
	}
	decideAll()
	decideAll()
}
