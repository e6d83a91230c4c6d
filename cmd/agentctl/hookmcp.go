package main

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/agentctl/agentctl/agenthook"
	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/settings"
	"github.com/agentctl/agentctl/toolspec"
)

// repositoryMCPFiles are the files in a project that define MCP servers
// for each agent: Claude Code's project scope (.mcp.json), Gemini CLI's
// project settings and its workspace extensions
// (.gemini/extensions/*/gemini-extension.json, which Gemini CLI loads
// beside the user's and lets take precedence; a glob). (Cursor's hook
// names a call's server itself, from .cursor/mcp.json in a trusted
// workspace only.)
var repositoryMCPFiles = map[agenthook.Agent][]string{
	agenthook.Claude: {".mcp.json"},
	agenthook.Gemini: {filepath.Join(".gemini", "settings.json"),
		filepath.Join(".gemini", "extensions", "*", "gemini-extension.json")},
}

// repositoryMCP finds the MCP servers an untrusted repository defines.
// An agent names a server's tools mcp__SERVER__TOOL whichever file
// defined SERVER, and a project-scope server takes the name of a user's
// server of the same name (Claude Code: local, then project, then user).
// A repository that ships {"mcpServers": {"github": …}} and enables it
// (enableAllProjectMcpServers in its own settings, which claude -p
// applies without a trust dialog) receives the calls the user's
// mcp__github__* allow rule was written for. It is not safe for
// concurrent use.
type repositoryMCP struct {
	agent agenthook.Agent
	root  string
	// servers maps each server name, as tools name it, to its file; nil
	// until read.
	servers map[string]string
	err     error
}

// definedBy returns the repository server (named as in a tool name) whose
// tools a tool name may be, and the file defining it, or the error that
// kept the files from being read. A server name may itself hold "__": the
// repository's "git__hub" names its tools mcp__git__hub__TOOL, which the
// agent and the rules read as server git's tool hub__TOOL. So every
// repository server whose tool-name prefix the name carries counts, not
// only the server the name parses to.
func (r *repositoryMCP) definedBy(tool string) (server, file string, err error) {
	if r.servers == nil && r.err == nil {
		r.servers, r.err = readMCPServers(r.root, repositoryMCPFiles[r.agent])
		if r.err == nil {
			r.err = r.readAncestors()
		}
	}
	if r.err != nil {
		return "", "", r.err
	}
	for s, f := range r.servers {
		if strings.HasPrefix(tool, "mcp__"+s+"__") && (file == "" || s < server) {
			server, file = s, f
		}
	}
	return server, file, nil
}

// readMCPServers reads the mcpServers of each file below root (a name
// with a '*' is a glob).
func readMCPServers(root string, names []string) (map[string]string, error) {
	var files []string
	for _, name := range names {
		p := filepath.Join(root, name)
		if !strings.Contains(name, "*") {
			files = append(files, p)
			continue
		}
		matches, err := filepath.Glob(p)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		files = append(files, matches...)
	}
	out := map[string]string{}
	for _, p := range files {
		b, err := settings.ReadConfigFile(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		names, err := mcpServerNames(b)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		for _, s := range names {
			out[toolspec.MCPNamePart(s)] = p
		}
	}
	return out, nil
}

// check turns an allow of a call to a server the repository defines into
// an ask: the rule or hook that allowed it named the server the user or
// the organisation know by that name. (bypassPermissions allows every
// server alike: the user chose that, whatever the server is.)
func (r *repositoryMCP) check(call engine.Call, d engine.Decision) engine.Decision {
	if r == nil || d.Decision != engine.Allow || d.Stage == engine.StageMode || !toolspec.IsMCP(call.Tool) {
		return d
	}
	server, _, _ := strings.Cut(strings.TrimPrefix(call.Tool, "mcp__"), "__")
	defined, file, err := r.definedBy(call.Tool)
	if defined != "" {
		server = defined
	}
	switch {
	case err != nil:
		d.Reason = fmt.Sprintf("MCP server %s: the repository's MCP configuration is unreadable (%v) and the workspace is not trusted: "+
			"the call may go to a server the repository defines; it needs approval (was: %s)", server, err, d.Reason)
	case file != "":
		d.Reason = fmt.Sprintf("MCP server %s is defined by the repository (%s) and the workspace is not trusted: "+
			"the call may go to the repository's server, not the one that was allowed; it needs approval (was: %s)", server, file, d.Reason)
	default:
		return d
	}
	d.Decision, d.Stage, d.Rule = engine.Ask, engine.StageTool, nil
	return d
}
