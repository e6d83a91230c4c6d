package workflow

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/settings"
)

// TestRegoTestsSeeTheLogPolicy: the Rego tests of a policy directory can
// test its system.log module (the decision log's mask) as well as its
// custom org modules.
func TestRegoTestsSeeTheLogPolicy(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"log.rego": "package system.log\n\nmask contains \"/input/input/command\" if input.input.tool == \"Bash\"\n",
		"log_test.rego": "package system.log_test\n\nimport data.system.log\n\n" +
			"test_masks_bash if \"/input/input/command\" in log.mask with input as {\"input\": {\"tool\": \"Bash\"}}\n\n" +
			"test_not_read if count(log.mask) == 0 with input as {\"input\": {\"tool\": \"Read\"}}\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := settings.Load(settings.Options{Cwd: t.TempDir(), Home: t.TempDir(), ManagedFile: filepath.Join(dir, "none.json")})
	if err != nil {
		t.Fatal(err)
	}
	b, err := engine.Build(s, dir)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := RunRegoTests(context.Background(), b, dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 2 {
		t.Fatalf("%d results, want 2: %+v", len(rs), rs)
	}
	for _, r := range rs {
		if !r.Pass {
			t.Errorf("%s failed: %s", r.Name, r.Error)
		}
	}
}
