package settings

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// agentDirAbove is a directory above the cwd whose .claude/agents an agent
// loads, and whether the workspace's trust covers it.
type agentDirAbove struct {
	dir     string
	trusted bool
}

// agentDirsAbove lists the directories strictly above cwd, other than the
// git root (which distrustAgentModes reads already), whose subagent
// definitions the agent loads: Claude Code looks for .claude/agents in
// every directory from its cwd up to the home directory (the user's own,
// not included), or to the filesystem root outside home. A session
// started in repo/a/b got the bypassPermissions helper of
// repo/a/.claude/agents, between the cwd and the git root, and the hook
// decided its calls in bypassPermissions; so did one started in a
// subdirectory of an unpacked archive with no .git, or in a repository
// inside another. A directory at or below the git root is trusted as the
// root is; one above it only under --trust-workspace (which trusts the
// session outright): no record of the cwd or the root covers it.
func (s *Settings) agentDirsAbove(cwd, root string) []agentDirAbove {
	var out []agentDirAbove
	home := filepath.Clean(s.Home)
	if filepath.Clean(cwd) == home {
		return nil // the user's own definitions, and nothing above them
	}
	for d := filepath.Dir(cwd); d != home; d = filepath.Dir(d) {
		// One lstat for the many directories with no definitions (the
		// walk resolves every component of what it reads).
		_, err := os.Lstat(filepath.Join(d, ".claude", "agents"))
		if d != root && !errors.Is(err, fs.ErrNotExist) {
			trusted := s.Trust.Trusted && s.rootTrust.Trusted && within(root, d)
			if !within(root, d) {
				trusted = s.Trust.Trusted && s.Trust.By == "--trust-workspace"
			}
			out = append(out, agentDirAbove{d, trusted})
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	return out
}
