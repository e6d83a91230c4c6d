package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"

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
		if below(root, filepath.Clean(cwd)) {
			return root
		}
		// One of them may be spelled through a symlink (/tmp and
		// /private/tmp): compare where they really are.
		realRoot, err1 := filepath.EvalSymlinks(root)
		realCwd, err2 := filepath.EvalSymlinks(cwd)
		if err1 == nil && err2 == nil && below(realRoot, realCwd) {
			return root
		}
	}
	return ""
}

// below reports whether dir lies strictly below root.
func below(root, dir string) bool {
	rel, err := filepath.Rel(root, dir)
	return err == nil && rel != "." && rel != ".." && !filepath.IsAbs(rel) &&
		!strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// shellDirDecider decides each call as standing in dir (where the agent's
// shell is; "" keeps the call's own) while the session, its settings and
// working directories are the project's.
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
