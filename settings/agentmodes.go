package settings

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// maxAgentFiles bounds the subagent definitions looked at in one
// directory tree; maxAgentFileSize bounds each. A repository may ship
// anything there, and loading must end.
const (
	maxAgentFiles    = 512
	maxAgentFileSize = 1 << 20
)

// agentModesUnknown is what a definition that cannot be read safely (a
// FIFO, a device, an oversized file, one past maxAgentFiles or
// maxAgentDepth, a directory that cannot be listed) is taken to
// ask for: every mode (distrustAgentModes keeps those an untrusted
// repository may not start).
var agentModesUnknown = Modes

// repositoryAgentModes lists the modes a repository's subagent
// definitions (.claude/agents/**/*.md under dir) ask for in their
// frontmatter's permissionMode (distrustAgentModes keeps those an
// untrusted repository may not start: bypassPermissions, auto,
// acceptEdits, and a mode wider than the settings' own). Claude Code runs
// such a subagent in that mode — the repository's CLAUDE.md need only ask
// for the helper — and reports it in every hook event of the subagent's
// calls: the hook then decided `curl … | sh` in bypassPermissions for an
// untrusted repository whose settings could not have asked for it. A definition
// that cannot be read safely counts as asking for each of them.
func repositoryAgentModes(dir string) []Scalar {
	w := agentWalk{seen: map[string]bool{}}
	w.dir(filepath.Join(dir, ".claude", "agents"), 0)
	return w.out
}

// maxAgentDepth bounds how deep agentWalk descends.
const maxAgentDepth = 8

// agentWalk reads subagent definitions as an agent loading them would:
// through symlinks, to files and to directories (.claude/agents ->
// ../docs/agents) alike, each directory once.
type agentWalk struct {
	out  []Scalar
	n    int
	seen map[string]bool
}

func (w *agentWalk) dir(p string, depth int) {
	real, err := filepath.EvalSymlinks(p)
	if err == nil && w.seen[real] {
		return
	}
	var entries []os.DirEntry
	if err == nil {
		w.seen[real] = true
		entries, err = os.ReadDir(p)
	}
	if err != nil {
		// Absent is nothing to load; anything else (a loop, no
		// permission) is a definition not read safely.
		if !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) {
			w.out = append(w.out, agentModeScalars(agentModesUnknown, Position{File: p})...)
		}
		return
	}
	for _, e := range entries {
		q := filepath.Join(p, e.Name())
		pos := Position{File: q}
		if w.n >= maxAgentFiles || depth > maxAgentDepth {
			w.out = append(w.out, agentModeScalars(agentModesUnknown, pos)...)
			return
		}
		fi, err := os.Stat(q)
		switch {
		case err != nil:
			continue // a dangling link: nothing an agent loads
		case fi.IsDir():
			w.dir(q, depth+1)
			continue
		case !strings.HasSuffix(strings.ToLower(e.Name()), ".md"):
			continue
		}
		w.n++
		data, rerr := readRegular(q, maxAgentFileSize)
		if rerr != nil {
			w.out = append(w.out, agentModeScalars(agentModesUnknown, pos)...)
			continue
		}
		w.out = append(w.out, agentModeScalars(frontmatterModes(data), pos)...)
	}
}

func agentModeScalars(modes []string, pos Position) []Scalar {
	out := make([]Scalar, 0, len(modes))
	for _, m := range modes {
		out = append(out, Scalar{Value: m, Source: ProjectSettings, Pos: pos})
	}
	return out
}

// distrustAgentModes records the modes the subagent definitions of an
// untrusted workspace ask for (repositoryAgentModes) among UntrustedModes:
// an agent reporting one of them is decided in the settings' mode, as for
// a defaultMode the repository's settings asked for. The git root's
// definitions above the cwd count unless the root itself is trusted.
func (s *Settings) distrustAgentModes(cwd, root string) {
	dirs := []agentDirAbove{{cwd, s.Trust.Trusted}}
	if root != cwd {
		dirs = append(dirs, agentDirAbove{root, s.Trust.Trusted && s.rootTrust.Trusted})
	}
	dirs = append(dirs, s.agentDirsAbove(cwd, root)...)
	for _, d := range dirs {
		if d.trusted {
			continue
		}
		for _, m := range repositoryAgentModes(d.dir) {
			// A mode that runs no more unasked than the settings' one
			// (plan under default) is the repository's to choose; default
			// under the user's plan is not.
			if !untrustedModes[m.Value] && repositoryModeNarrows(s.Mode.Value, m.Value) {
				continue
			}
			s.warn(m.Pos, "subagent permissionMode %s ignored: %s; an agent reporting it is decided in the settings' mode", m.Value, trustReason)
			s.UntrustedModes = append(s.UntrustedModes, m)
		}
	}
}
