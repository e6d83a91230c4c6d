package settings

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentctl/agentctl/toolspec"
)

// maxMCPConfigSize bounds a user MCP configuration file read here.
const maxMCPConfigSize = 16 << 20

// userMCPServers are the MCP server names the user configured, as MCP
// tool names spell them (toolspec.MCPNamePart): Claude Code's state file
// (user scope mcpServers and every project's local-scope mcpServers),
// Gemini CLI's ~/.gemini/settings.json and Cursor's ~/.cursor/mcp.json.
// all is true when one of those files exists but cannot be read as the
// user's JSON (another owner, not a regular file, not JSON): it may name
// any server.
func (s *Settings) userMCPServers() (names map[string]bool, all bool) {
	if s.userMCP == nil {
		n, a := s.readUserMCPServers()
		s.userMCP = &userMCPConfig{names: n, all: a}
	}
	return s.userMCP.names, s.userMCP.all
}

// userMCPConfig is what userMCPServers read.
type userMCPConfig struct {
	names map[string]bool
	all   bool
}

// readUserMCPServers reads the files userMCPServers names.
func (s *Settings) readUserMCPServers() (names map[string]bool, all bool) {
	names = map[string]bool{}
	files := []string{
		filepath.Join(s.Home, ".claude.json"),
		filepath.Join(s.ConfigDir, ".claude.json"),
		filepath.Join(s.Home, ".gemini", "settings.json"),
		filepath.Join(s.Home, ".cursor", "mcp.json"),
	}
	for _, f := range files {
		data, err := readRegular(f, maxMCPConfigSize)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return names, true
		}
		if fi, err := os.Stat(f); err != nil || !owned(fi) {
			return names, true
		}
		var doc struct {
			Servers  map[string]json.RawMessage `json:"mcpServers"`
			Projects map[string]struct {
				Servers map[string]json.RawMessage `json:"mcpServers"`
			} `json:"projects"`
		}
		if err := json.Unmarshal(data, &doc); err != nil {
			return names, true
		}
		for n := range doc.Servers {
			names[toolspec.MCPNamePart(n)] = true
		}
		for _, p := range doc.Projects {
			for n := range p.Servers {
				names[toolspec.MCPNamePart(n)] = true
			}
		}
	}
	return names, false
}

// mcpNamesOverlap reports whether an allow rule's tool name (mcp__github,
// mcp__github__get_*, mcp__git) can reach a tool of server: one of
// mcp__<server>__ and the rule's name followed by __ starts the other (a
// server named git__hub has tools mcp__git__hub__… that mcp__git names
// too).
func mcpNamesOverlap(ruleTool, server string) bool {
	a, b := "mcp__"+server+"__", ruleTool+"__"
	return strings.HasPrefix(a, b) || strings.HasPrefix(b, a)
}

// dropRepositoryMCP drops an untrusted repository's allow rule for an MCP
// server the user configured (mcp__github, mcp__github__*,
// mcp__github(*), mcp__github__get_*, mcp__github__delete_repo with a
// github server in ~/.claude.json). The rule names a server, it does not
// define one: the name reached the user's own server — with their token —
// so the repository's `"allow": ["mcp__github"]` let
// mcp__github__delete_repository run unasked, an allow reaching outside
// the repository like Read(~/**). A rule for a server only the
// repository knows is kept. When the user's configuration cannot be read
// safely, every repository MCP allow is dropped. ok is false when r is
// dropped.
func (s *Settings) dropRepositoryMCP(src Source, r Rule, why string) (Rule, bool) {
	names, all := s.userMCPServers()
	if all {
		s.warn(r.Pos, "%s allow rule %s not applied: the user's MCP configuration cannot be read safely, so %q may be the user's own server, and %s",
			src, r.Text, r.MCPServer, why)
		return r, false
	}
	for n := range names {
		if mcpNamesOverlap(r.Tool, n) {
			s.warn(r.Pos, "%s allow rule %s not applied: it reaches MCP server %q, which the user configured, and %s",
				src, r.Text, n, why)
			return r, false
		}
	}
	return r, true
}
