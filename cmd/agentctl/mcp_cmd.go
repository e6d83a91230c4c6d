//go:build !agentctl_lean

package main

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/tools"
	"github.com/agentctl/agentctl/tools/mcp"
	"github.com/agentctl/agentctl/toolspec"
)

// mcpServers connects the MCP servers the global --mcp-config files name
// (stdio). A server that cannot be reached comes back failed, with no
// tools; the caller decides what that means. stop closes every server.
func mcpServers(ctx context.Context, c *cli.Context) (servers []*mcp.Server, toolsOf []tools.Tool, stop func(), err error) {
	stop = func() {
		for _, s := range servers {
			s.Close()
		}
	}
	for _, path := range flagSlice(c, "mcp-config") {
		cfgs, err := mcp.LoadConfig(path)
		if err != nil {
			stop()
			return nil, nil, func() {}, cli.Exit("--mcp-config: "+err.Error(), exitError)
		}
		for _, cfg := range cfgs {
			srv := mcp.Connect(ctx, cfg)
			servers = append(servers, srv)
			toolsOf = append(toolsOf, srv.Tools...)
		}
	}
	return servers, toolsOf, stop, nil
}

// mcpChecked validates an MCP call's input against its server's schema
// (when --mcp-config names the server) before the policy decides: invalid
// input is deny/validate, as for built-in tools.
func mcpChecked(c *cli.Context, call engine.Call, decide func() (engine.Decision, error)) (engine.Decision, error) {
	if !toolspec.IsMCP(call.Tool) || len(flagSlice(c, "mcp-config")) == 0 {
		return decide()
	}
	if f, ok := workspaceMCPConfig(c); ok {
		fmt.Fprintf(c.App.ErrWriter, "agentctl: --mcp-config %s: servers not started (the file is inside the workspace, and check runs nothing a repository names without --trust-workspace); input not validated against their schemas\n", f)
		return decide()
	}
	_, mcpTools, stop, err := mcpServers(context.Background(), c)
	if err != nil {
		return engine.Decision{}, err
	}
	defer stop()
	if t, ok := tools.Find(mcpTools, call.Tool); ok {
		if err := t.ValidateInput(tools.Input(call.Input), &tools.Context{}); err != nil {
			return engine.Invalid(call.Tool, err.Error()), nil
		}
	}
	return decide()
}

// workspaceMCPConfig returns the first --mcp-config file inside the
// workspace (the cwd, by path or resolved) when the workspace is not
// trusted with --trust-workspace. Its servers are commands the repository
// names (a .mcp.json it ships): check runs none of them.
func workspaceMCPConfig(c *cli.Context) (string, bool) {
	if flagBool(c, "trust-workspace") {
		return "", false
	}
	cwd, err := filepath.Abs(flagString(c, "cwd"))
	if err != nil {
		return "", false
	}
	roots := []string{cwd}
	if real, err := filepath.EvalSymlinks(cwd); err == nil {
		roots = append(roots, real)
	}
	for _, f := range flagSlice(c, "mcp-config") {
		paths := []string{f}
		if !filepath.IsAbs(f) {
			paths = []string{filepath.Join(cwd, f)}
			if abs, err := filepath.Abs(f); err == nil {
				paths = append(paths, abs)
			}
		}
		for _, p := range paths {
			if real, err := filepath.EvalSymlinks(p); err == nil {
				paths = append(paths, real)
			}
		}
		for _, p := range paths {
			for _, r := range roots {
				if rel, err := filepath.Rel(r, p); err == nil && rel != ".." && !filepath.IsAbs(rel) &&
					(len(rel) < 3 || rel[:3] != ".."+string(filepath.Separator)) {
					return f, true
				}
			}
		}
	}
	return "", false
}
