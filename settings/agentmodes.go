package settings

import (
	"bytes"
	"io/fs"
	"path/filepath"
	"strings"

	"gopkg.in/yaml.v3"
)

// maxAgentFiles bounds the subagent definitions looked at in one
// directory tree; maxAgentFileSize bounds each. A repository may ship
// anything there, and loading must end.
const (
	maxAgentFiles    = 512
	maxAgentFileSize = 1 << 20
)

// agentModesUnknown is what a definition that cannot be read safely (a
// FIFO, a device, an oversized file, one past maxAgentFiles) is taken to
// ask for: every mode an untrusted repository may not start.
var agentModesUnknown = []string{"bypassPermissions", "auto"}

// repositoryAgentModes lists the modes a repository's subagent
// definitions (.claude/agents/**/*.md under dir) ask for in their
// frontmatter's permissionMode that an untrusted repository may not
// start (bypassPermissions, auto). Claude Code runs such a subagent in
// that mode — the repository's CLAUDE.md need only ask for the helper —
// and reports it in every hook event of the subagent's calls: the hook
// then decided `curl … | sh` in bypassPermissions for an untrusted
// repository whose settings could not have asked for it. A definition
// that cannot be read safely counts as asking for both.
func repositoryAgentModes(dir string) []Scalar {
	root := filepath.Join(dir, ".claude", "agents")
	var out []Scalar
	n := 0
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(strings.ToLower(d.Name()), ".md") {
			return nil
		}
		pos := Position{File: p}
		if n++; n > maxAgentFiles {
			out = append(out, agentModeScalars(agentModesUnknown, pos)...)
			return filepath.SkipAll
		}
		data, rerr := readRegular(p, maxAgentFileSize)
		if rerr != nil {
			out = append(out, agentModeScalars(agentModesUnknown, pos)...)
			return nil
		}
		if m := frontmatterMode(data); untrustedModes[m] {
			out = append(out, agentModeScalars([]string{m}, pos)...)
		}
		return nil
	})
	return out
}

func agentModeScalars(modes []string, pos Position) []Scalar {
	out := make([]Scalar, 0, len(modes))
	for _, m := range modes {
		out = append(out, Scalar{Value: m, Source: ProjectSettings, Pos: pos})
	}
	return out
}

// frontmatterMode is the permissionMode of a Markdown file's YAML
// frontmatter ("" when it has none). Frontmatter that is not valid YAML
// is read line by line, as a lenient reader would: a "permissionMode:"
// line still counts.
func frontmatterMode(data []byte) string {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	rest, ok := bytes.CutPrefix(bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n")), []byte("---\n"))
	if !ok {
		return ""
	}
	front, _, found := bytes.Cut(rest, []byte("\n---"))
	if !found {
		front = rest
	}
	var fm struct {
		PermissionMode any `yaml:"permissionMode"`
	}
	if yaml.Unmarshal(front, &fm) == nil {
		if s, ok := fm.PermissionMode.(string); ok {
			return strings.TrimSpace(s)
		}
	}
	// Any line naming a mode the repository may not start wins: which
	// of several a lenient reader keeps is not known.
	first := ""
	for _, line := range strings.Split(string(front), "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "permissionMode:"); ok {
			v = strings.Trim(strings.TrimSpace(v), `"'`)
			if untrustedModes[v] {
				return v
			}
			if first == "" {
				first = v
			}
		}
	}
	return first
}

// distrustAgentModes records the modes the subagent definitions of an
// untrusted workspace ask for (repositoryAgentModes) among UntrustedModes:
// an agent reporting one of them is decided in the settings' mode, as for
// a defaultMode the repository's settings asked for. The git root's
// definitions above the cwd count unless the root itself is trusted.
func (s *Settings) distrustAgentModes(cwd, root string) {
	dirs := []struct {
		dir     string
		trusted bool
	}{{cwd, s.Trust.Trusted}}
	if root != cwd {
		dirs = append(dirs, struct {
			dir     string
			trusted bool
		}{root, s.Trust.Trusted && s.rootTrust.Trusted})
	}
	for _, d := range dirs {
		if d.trusted {
			continue
		}
		for _, m := range repositoryAgentModes(d.dir) {
			s.warn(m.Pos, "subagent permissionMode %s ignored: %s; an agent reporting it is decided in the settings' mode", m.Value, trustReason)
			s.UntrustedModes = append(s.UntrustedModes, m)
		}
	}
}
