package settings

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// maxLinkHops bounds the symlinks linkTarget follows (the kernel's own
// limit): a loop ends instead of spinning.
const maxLinkHops = 40

// linkTarget is where a write to p lands: every symlink on the way is
// followed, the last component's included, even when what it points at
// does not exist yet. filepath.EvalSymlinks gives up on a dangling link,
// yet writing through one creates its target: a repository shipping
// .claude/settings.local.json -> ../notes/local.json lets a session
// create notes/local.json (an ordinary edit) and have the next call read
// it as local settings. The second result is false when p spells no
// symlink (the target is p itself, cleaned) or a loop stops the walk.
func linkTarget(p string) (string, bool) {
	p = filepath.Clean(p)
	if !filepath.IsAbs(p) {
		return p, false
	}
	done, rest := "/", strings.Split(strings.TrimPrefix(p, "/"), "/")
	linked := false
	for hops := 0; len(rest) > 0; {
		name := rest[0]
		rest = rest[1:]
		if name == "" || name == "." {
			continue
		}
		if name == ".." {
			done = filepath.Dir(done)
			continue
		}
		next := filepath.Join(done, name)
		fi, err := os.Lstat(next)
		if err != nil {
			// Nothing there (yet), or not a directory: the rest is
			// created (or refused) as spelled.
			return filepath.Join(append([]string{next}, rest...)...), linked
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			done = next
			continue
		}
		if hops++; hops > maxLinkHops {
			return p, false
		}
		to, err := os.Readlink(next)
		if err != nil {
			return p, false
		}
		linked = true
		if filepath.IsAbs(to) {
			done = "/"
		}
		rest = append(strings.Split(strings.Trim(to, "/"), "/"), rest...)
	}
	return done, linked
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
