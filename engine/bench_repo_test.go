package engine

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkDecideInRepository measures the 5-part Bash call of
// BenchmarkDecide with its project inside a git repository, as a project
// usually is: `git diff HEAD~1` is then a reader of the repository's
// history (gitContentWitnesses), weighed against the ~1,000-rule policy's
// deny globs. Next to it, in the same run, the bare one-rule eval. A
// repository's walk once listed every guard's witnesses (two thousand
// under this policy; `check --batch` fell to 80 decisions/s).
func BenchmarkDecideInRepository(b *testing.B) {
	ctx := context.Background()
	b.Run("baseline-bare-rego-one-rule", benchBareEval)
	e := loadLarge(b, 1000)
	// The repository's top is the project's parent: a history form walks
	// it whole.
	top := filepath.Dir(e.settings.Cwd)
	for _, d := range []string{".git/objects", ".git/refs/heads"} {
		if err := os.MkdirAll(filepath.Join(top, d), 0o755); err != nil {
			b.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(top, ".git", "HEAD"), []byte("ref: refs/heads/main\n"), 0o644)
	os.WriteFile(filepath.Join(top, ".git", "config"), []byte("[core]\n\trepositoryformatversion = 0\n"), 0o644)
	call := benchCalls(e.settings.Cwd)["Bash5"]
	d, err := e.Decide(ctx, call)
	if err != nil || d.Stage != StageTool {
		b.Fatalf("the history diff is not weighed as a reader of the repository: %v %v", d, err)
	}
	b.Run("rules=1000/Bash5", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := e.Decide(ctx, call); err != nil {
				b.Fatal(err)
			}
		}
	})
}
