package main

import (
	"path/filepath"

	"github.com/agentctl/agentctl/agenthook"
)

// ancestorMCPFile is, per agent, the project-scope MCP file the agent
// also reads in every directory above its project root: Claude Code
// loads and merges .mcp.json from the cwd up to the filesystem root (a
// parent's server of the same name even takes over the child's). A
// session started in a subdirectory of a repository (a monorepo's
// package, a repository inside a repository) therefore gets the servers
// the repository's own top-level .mcp.json defines.
var ancestorMCPFile = map[agenthook.Agent]string{agenthook.Claude: ".mcp.json"}

// readAncestors adds to r.servers the servers the agent's MCP file in
// each directory above r.root defines; a file that cannot be read is the
// error, as for r.root's own (every MCP allow then asks).
func (r *repositoryMCP) readAncestors() error {
	name, ok := ancestorMCPFile[r.agent]
	if !ok {
		return nil
	}
	for _, dir := range ancestorDirs(r.root) {
		found, err := readMCPServers(dir, []string{name})
		if err != nil {
			return err
		}
		for s, f := range found {
			if _, ok := r.servers[s]; !ok {
				r.servers[s] = f
			}
		}
	}
	return nil
}

// ancestorDirs lists the directories above root, both as it is spelled
// and as it resolves: the agent may walk either (a project reached
// through a symlink), and a file in either may define a server.
func ancestorDirs(root string) []string {
	starts := []string{filepath.Clean(root)}
	if real, err := filepath.EvalSymlinks(root); err == nil && real != starts[0] {
		starts = append(starts, real)
	}
	seen := map[string]bool{}
	var out []string
	for _, start := range starts {
		for d := filepath.Dir(start); ; d = filepath.Dir(d) {
			if !seen[d] {
				seen[d] = true
				out = append(out, d)
			}
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	return out
}
