package main

import (
	"context"
	"os"
	"path/filepath"

	"github.com/agentctl/agentctl/agenthook"
	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/settings"
)

// projectDirEnv name the session's project root in a hook's environment:
// the agent sets them for every hook it runs.
var projectDirEnv = []string{"CLAUDE_PROJECT_DIR", "GEMINI_PROJECT_DIR"}

// projectDir returns the project root the agent names when the event's cwd
// lies strictly below it, else "". An event's cwd follows the agent's `cd`:
// after `cd vendor/pkg` it is a directory the repository (or a dependency
// in it) controls, and reading settings there would replace the project's
// own rules (its deny list) with that directory's, and extend the
// project's trust to that directory's hooks and classifier. The agent
// itself reads settings from the project root; so does the hook.
func projectDir(cwd string) string {
	for _, name := range projectDirEnv {
		root := os.Getenv(name)
		if root == "" || !filepath.IsAbs(root) {
			continue
		}
		root = filepath.Clean(root)
		rel, err := filepath.Rel(root, filepath.Clean(cwd))
		if err != nil || rel == "." || rel == ".." || filepath.IsAbs(rel) || len(rel) > 2 && rel[:3] == ".."+string(filepath.Separator) {
			continue
		}
		return root
	}
	return ""
}

// shellDirDecider decides each call as standing in dir (where the agent's
// shell is) while the session, its settings and working directories are
// the project's.
type shellDirDecider struct {
	agenthook.Decider
	dir string
	s   *settings.Settings
}

func (d shellDirDecider) Decide(ctx context.Context, c engine.Call) (engine.Decision, error) {
	if c.Dir == "" {
		c.Dir = d.dir
	}
	return d.Decider.Decide(ctx, c)
}

// Settings keeps the managed locks on the agent's mode visible through the
// wrapper (agenthook reads them from the decider).
func (d shellDirDecider) Settings() *settings.Settings { return d.s }
