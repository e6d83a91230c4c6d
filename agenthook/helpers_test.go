package agenthook

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/settings"
)

// policy is the policy: Bash allowed, rm and git push denied, and
// a Read deny for the secrets file.
const policy = `{"permissions": {"allow": ["Bash", "Read", "mcp__github__list_issues"],
  "deny": ["Bash(rm *)", "Bash(git push *)", "Read(.env)", "mcp__github__create_issue"]}}`

// project lays out a project with settings and returns its engine and cwd.
func project(t *testing.T, projectSettings string) (*engine.Engine, string) {
	t.Helper()
	dir := t.TempDir()
	cwd, _ := filepath.EvalSymlinks(dir)
	if err := os.MkdirAll(filepath.Join(cwd, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cwd, ".claude", "settings.json"), []byte(projectSettings), 0o644); err != nil {
		t.Fatal(err)
	}
	managed := filepath.Join(t.TempDir(), "managed.json")
	os.WriteFile(managed, []byte("{}"), 0o644)
	s, err := settings.Load(settings.Options{Cwd: cwd, Home: t.TempDir(), ManagedFile: managed, ManagedExplicit: true})
	if err != nil {
		t.Fatal(err)
	}
	e, err := engine.New(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	return e, cwd
}

// fixture reads testdata/name with $CWD replaced.
func fixture(t *testing.T, name, cwd string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return []byte(strings.ReplaceAll(string(b), "$CWD", cwd))
}

func mustEvent(t *testing.T, raw string, agent Agent) *Event {
	t.Helper()
	ev, err := ParseEvent([]byte(raw), agent)
	if err != nil {
		t.Fatalf("ParseEvent(%s): %v", raw, err)
	}
	return ev
}
