//go:build !agentctl_lean

package main

import (
	"context"

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
