package settings

import (
	"path/filepath"

	"github.com/agentctl/agentctl/internal/linkwalk"
)

// linkTarget is where a write to p lands, every symlink on the way
// followed (linkwalk.Target): a repository shipping
// .claude/settings.local.json -> ../notes/local.json lets a session create
// notes/local.json (an ordinary edit) and have the next call read it as
// local settings. The second result is false when p spells no symlink or
// a loop stops the walk.
func linkTarget(p string) (string, bool) {
	p = filepath.Clean(p)
	if t, ok := linkwalk.Target(p); ok {
		return t, true
	}
	return p, false
}

// repositoryPolicyLinks lists where the repository's own policy files
// lead when the repository spells them through a symlink: .claude (the
// directory) and each settings file agentctl or the agent reads there,
// at the cwd and at the git root, and .mcp.json. Those paths are
// protected by name (spec §6), but their targets are not: with
// .claude/settings.json -> ../docs/cfg.json, a session under acceptEdits
// rewrote docs/cfg.json unasked (an edit inside the working directory)
// and its next call was decided by the rules, hooks and mode it wrote.
// Only targets that differ from the spelling are listed (.claude itself
// is protected except .claude/worktrees, which stays writable); a target
// at the cwd or above it is left out for the directory (every write of the
// session would ask) and kept for the files.
func repositoryPolicyLinks(cwd, root string) []string {
	var out []string
	dirs := []string{cwd}
	if root != cwd {
		dirs = append(dirs, root)
	}
	for _, d := range dirs {
		claude := filepath.Join(d, ".claude")
		if t, ok := linkTarget(claude); ok && !within(t, cwd) {
			out = append(out, t)
		}
		// agents: the subagent definitions, whose permissionMode counts
		// (repositoryAgentModes).
		names := []string{"settings.local.json", "settings.local.yaml", "settings.local.yml", "agents"}
		if d == cwd {
			names = append(names, "settings.json", "settings.yaml", "settings.yml")
		}
		for _, n := range names {
			if t, ok := linkTarget(filepath.Join(claude, n)); ok {
				out = append(out, t)
			}
		}
	}
	if t, ok := linkTarget(filepath.Join(cwd, ".mcp.json")); ok {
		out = append(out, t)
	}
	return out
}
