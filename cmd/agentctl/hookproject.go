package main

import (
	"context"
	"os"
	"path/filepath"

	"github.com/agentctl/agentctl/agenthook"
	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/settings"
)

// projectDirEnv name the session's project root in a hook's environment,
// per agent: each agent sets its own for every hook it runs (Gemini CLI
// sets CLAUDE_PROJECT_DIR too, as an alias). Another agent's variable may
// be inherited from whatever started this one and names another project.
// Cursor names its workspace roots in the event itself.
var projectDirEnv = map[agenthook.Agent][]string{
	agenthook.Claude: {"CLAUDE_PROJECT_DIR"},
	agenthook.Gemini: {"GEMINI_PROJECT_DIR", "CLAUDE_PROJECT_DIR"},
}

// projectDir returns the project root the agent names when the event's cwd
// is elsewhere, else "". An event's cwd follows the agent's `cd`: after
// `cd vendor/pkg` it is a directory the repository (or a dependency in
// it) controls, and reading settings there would replace the project's
// own rules (its deny list) with that directory's, and extend the
// project's trust to that directory's hooks and classifier. After `cd ~`
// or `cd ../other` (or in an event whose cwd is simply wrong) it is worse:
// that directory would become the working directory, every read in it
// allowed, and the project's deny rules gone. The agent itself reads
// settings from the project root; so does the hook, wherever the shell
// stands.
func projectDir(agent agenthook.Agent, cwd string) string {
	for _, name := range projectDirEnv[agent] {
		root := os.Getenv(name)
		if root == "" || !filepath.IsAbs(root) {
			continue
		}
		root = filepath.Clean(root)
		if root == filepath.Clean(cwd) {
			return ""
		}
		// One of them may be spelled through a symlink (/tmp and
		// /private/tmp): the same directory keeps the event's spelling.
		realRoot, err1 := filepath.EvalSymlinks(root)
		realCwd, err2 := filepath.EvalSymlinks(cwd)
		if err1 == nil && err2 == nil && realRoot == realCwd {
			return ""
		}
		return root
	}
	return ""
}

// shellDirDecider decides each call as standing in dir (where the agent's
// shell is; "" keeps the call's own) while the session, its settings and
// working directories are the project's.
// In an untrusted workspace mcp (non-nil) asks instead of allowing a call
// to an MCP server the repository defines.
type shellDirDecider struct {
	agenthook.Decider
	dir string
	s   *settings.Settings
	mcp *repositoryMCP
	// env (non-nil) asks instead of allowing a shell command when the
	// process carries environment the repository set (carriedEnv).
	env *carriedEnv
	// claude says the calls are Claude Code's own, whose Grep and Glob
	// resolve a relative path where the shell stands (inShellDir).
	claude bool
	// tree (non-nil) asks instead of allowing a Claude Code Grep over a
	// tree that could hold a path only agentctl's rules deny.
	tree *claudeGrepTree
}

func (d shellDirDecider) Decide(ctx context.Context, c engine.Call) (engine.Decision, error) {
	if c.Dir == "" {
		c.Dir = d.dir
	}
	if d.claude {
		c = inShellDir(c, d.dir)
	}
	dec, err := d.Decider.Decide(ctx, c)
	if err != nil {
		return dec, err
	}
	mode := c.Mode
	if mode == "" {
		mode = d.s.Mode.Value
	}
	if dec, err = d.tree.check(ctx, d.Decider, c, mode, dec); err != nil {
		return dec, err
	}
	return d.env.check(c, mode, d.mcp.check(c, dec)), nil
}

// Settings keeps the managed locks on the agent's mode visible through the
// wrapper (agenthook reads them from the decider).
func (d shellDirDecider) Settings() *settings.Settings { return d.s }
