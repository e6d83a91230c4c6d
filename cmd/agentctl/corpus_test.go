package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/agentctl/agentctl/engine"
)

// scenario is one named setting of decisionCorpus: settings per source,
// flags, files, and the cases to decide (see ../shared/corpus/README.md).
type scenario struct {
	Managed  map[string]any    `json:"managed"`
	User     map[string]any    `json:"user"`
	Project  map[string]any    `json:"project"`
	Local    map[string]any    `json:"local"`
	Flags    []string          `json:"flags"`
	Files    map[string]string `json:"files"`
	Symlinks map[string]string `json:"symlinks"`
	Cases    []corpusCase      `json:"cases"`
}

type corpusCase struct {
	ToolName  string         `json:"tool_name"`
	ToolInput map[string]any `json:"tool_input"`
	Expect    string         `json:"expect"`
	Why       string         `json:"why"`
}

// corpusFiles are the decision corpora replayed: the shared public one (when
// the shared folder sits beside the checkout) and the project's own.
func corpusFiles(t *testing.T) []string {
	files, _ := filepath.Glob("../../fixtures/decisions/*.json")
	shared := "../../../shared/corpus/decisions.json"
	if _, err := os.Stat(shared); err == nil {
		files = append(files, shared)
	} else {
		t.Logf("shared corpus not found at %s; replaying the project's own only", shared)
	}
	if len(files) == 0 {
		t.Fatal("no decision corpus found")
	}
	return files
}

func loadCorpus(t *testing.T, path string) map[string]scenario {
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var c map[string]scenario
	if err := json.Unmarshal(raw, &c); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return c
}

// layout writes a scenario's project, home and managed settings to temp
// dirs and returns the global flags that point agentctl at them.
func layout(t *testing.T, sc scenario) (cwd, home string, args []string) {
	root := t.TempDir()
	cwd, home = filepath.Join(root, "project"), filepath.Join(root, "home")
	for _, d := range []string{filepath.Join(cwd, ".claude"), filepath.Join(home, ".claude"), filepath.Join(root, "etc")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(path string, v any) {
		if v == nil {
			return
		}
		b, err := json.MarshalIndent(v, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	managed := filepath.Join(root, "etc", "managed-settings.json")
	if sc.Managed == nil {
		sc.Managed = map[string]any{} // a named managed file must exist
	}
	write(managed, sc.Managed)
	if sc.User != nil {
		write(filepath.Join(home, ".claude", "settings.json"), sc.User)
	}
	if sc.Project != nil {
		write(filepath.Join(cwd, ".claude", "settings.json"), sc.Project)
	}
	if sc.Local != nil {
		write(filepath.Join(cwd, ".claude", "settings.local.json"), sc.Local)
	}
	for name, content := range sc.Files {
		p := filepath.Join(cwd, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, target := range sc.Symlinks {
		p := filepath.Join(cwd, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("HOME", home)
	t.Setenv("CLAUDE_CONFIG_DIR", "")
	t.Setenv("AGENTCTL_MANAGED_SETTINGS", "")
	args = []string{"agentctl", "--cwd", cwd, "--managed-settings", managed}
	return cwd, home, append(args, sc.Flags...)
}

func substitute(v any, cwd, home string) any {
	switch x := v.(type) {
	case string:
		return strings.NewReplacer("$CWD", cwd, "$HOME", home).Replace(x)
	case map[string]any:
		out := map[string]any{}
		for k, e := range x {
			out[k] = substitute(e, cwd, home)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = substitute(e, cwd, home)
		}
		return out
	}
	return v
}

// eachScenario runs f for every scenario of every corpus file, in a stable
// order, as a subtest with the scenario laid out and its batch input built.
func eachScenario(t *testing.T, f func(t *testing.T, sc scenario, args []string, batch string)) {
	for _, file := range corpusFiles(t) {
		corpus := loadCorpus(t, file)
		names := make([]string, 0, len(corpus))
		for n := range corpus {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, name := range names {
			sc := corpus[name]
			t.Run(filepath.Base(file)+"/"+name, func(t *testing.T) {
				cwd, home, args := layout(t, sc)
				var batch bytes.Buffer
				for _, c := range sc.Cases {
					line, _ := json.Marshal(map[string]any{"tool_name": c.ToolName, "tool_input": substitute(c.ToolInput, cwd, home)})
					batch.Write(append(line, '\n'))
				}
				f(t, sc, args, batch.String())
			})
		}
	}
}

// TestDecisionCorpus replays every corpus case through `check --batch`,
// exactly as a user would.
func TestDecisionCorpus(t *testing.T) {
	allowed, total := 0, 0
	defer func() { t.Logf("allow share: %d of %d corpus decisions", allowed, total) }()
	eachScenario(t, func(t *testing.T, sc scenario, args []string, batch string) {
		stdout, stderr, code := runCLI(t, batch, append(args, "check", "--batch", "-")...)
		if code != 0 {
			t.Fatalf("check --batch exit %d: %s", code, stderr)
		}
		dec := json.NewDecoder(strings.NewReader(stdout))
		for i, c := range sc.Cases {
			var d engine.Decision
			if err := dec.Decode(&d); err != nil {
				t.Fatalf("case %d: reading decision: %v", i, err)
			}
			total++
			if d.Stage == engine.StageError {
				t.Errorf("%s: %s", c.ToolName, d.Reason) // e.g. the evaluators differ
			}
			if d.Decision == engine.Allow {
				allowed++
			}
			ok := d.Decision.String() == c.Expect || (c.Expect == "not_allow" && d.Decision != engine.Allow)
			if !ok {
				in, _ := json.Marshal(c.ToolInput)
				t.Errorf("%s %s: got %s (stage %s: %s), want %s (%s)", c.ToolName, in, d.Decision, d.Stage, d.Reason, c.Expect, c.Why)
			}
		}
	})
}
