package engine

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentctl/agentctl/settings"
)

// sweepLayout lays out a reference sweep's directories as the reference
// run had them — root/proj, root/home, root/tmp — with files (names and
// contents may say <cwd>, <home>, <tmp>), and returns the root, the
// directories and the substitution of those placeholders.
func sweepLayout(t *testing.T, files map[string]string) (string, map[string]string, func(string) string) {
	t.Helper()
	root := t.TempDir()
	dirs := map[string]string{"<cwd>": filepath.Join(root, "proj"), "<home>": filepath.Join(root, "home"), "<tmp>": filepath.Join(root, "tmp")}
	sub := func(s string) string {
		for k, v := range dirs {
			s = strings.ReplaceAll(s, k, v)
		}
		return s
	}
	for _, d := range dirs {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, content := range files {
		p := filepath.Clean(sub(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root, dirs, sub
}

// sweepDecide decides one swept call: tool with its JSON input in mode.
func sweepDecide(t *testing.T, e *Engine, tool, input, mode string) Decision {
	t.Helper()
	var in map[string]any
	if err := json.Unmarshal([]byte(input), &in); err != nil {
		t.Fatal(err)
	}
	d, err := e.Decide(context.Background(), Call{Tool: tool, Mode: mode, Input: in})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// sweepEngines returns the engine of a sweep's layout for a flag-settings
// JSON (placeholders substituted), made once per distinct settings: trusted
// workspace, no managed file, both evaluators.
func sweepEngines(root string, dirs map[string]string, sub func(string) string) func(t *testing.T, flagSettings string) *Engine {
	engines := map[string]*Engine{}
	return func(t *testing.T, flagSettings string) *Engine {
		t.Helper()
		if e := engines[flagSettings]; e != nil {
			return e
		}
		s, err := settings.Load(settings.Options{Cwd: dirs["<cwd>"], Home: dirs["<home>"], ManagedFile: filepath.Join(root, "none.json"),
			TrustWorkspace: true, FlagSettings: sub(flagSettings)})
		if err != nil {
			t.Fatal(err)
		}
		e, err := New(context.Background(), s, WithEvaluator(EvalBoth))
		if err != nil {
			t.Fatal(err)
		}
		engines[flagSettings] = e
		return e
	}
}

// sweepNotLooser fails a swept row whose expected answer is looser than the
// reference's without a note saying why (spec: agentctl is never looser).
func sweepNotLooser(t *testing.T, id, want, ref, note string) {
	t.Helper()
	if sweep2Rank[want] < sweep2Rank[ref] && note == "" {
		t.Errorf("%s: want %s is looser than the reference's %s with no note", id, want, ref)
	}
}
