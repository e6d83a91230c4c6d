package agenthook

import (
	"fmt"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/toolspec"
)

// geminiMCPRow names the rule for a Gemini CLI event that carries
// mcp_context in the mapping table.
const geminiMCPRow = "any tool with mcp_context"

// hasMCPContext says a Gemini CLI event is a call to an MCP tool: Gemini
// CLI sends mcp_context (server_name, the server's own tool_name, its
// command or url) for those and only those.
func hasMCPContext(ev *Event) bool {
	_, ok := ev.Fields["mcp_context"]
	return ev.Agent == Gemini && ok
}

// geminiMCP maps a Gemini CLI call to an MCP tool onto
// mcp__SERVER__TOOL from its mcp_context, whatever its tool_name. Gemini
// CLI gives an MCP tool its bare name unless a tool already registered
// has it, so a server's "write_todos", "glob" or "run_shell_command" is
// called by that name wherever the built-in is absent (a version without
// it, or tools.exclude): decided by name, it was the built-in — "needs no
// permission", "a read inside the working directories", "read-only
// command" — and the server ran with no rule allowing it. An mcp_context
// that does not name its server fails the event.
func geminiMCP(ev *Event) ([]engine.Call, error) {
	ctx, ok := ev.Fields["mcp_context"].(map[string]any)
	if !ok {
		return nil, fmt.Errorf("`mcp_context` is %T, not an object", ev.Fields["mcp_context"])
	}
	server, _ := ctx["server_name"].(string)
	if server == "" {
		return nil, fmt.Errorf("`mcp_context` names no server_name")
	}
	tool, _ := ctx["tool_name"].(string)
	if tool == "" {
		tool = ev.Tool
	}
	if tool == "" {
		return nil, fmt.Errorf("`mcp_context` names no tool_name")
	}
	return []engine.Call{{Tool: "mcp__" + toolspec.MCPNamePart(server) + "__" + toolspec.MCPNamePart(tool), Input: ev.Input}}, nil
}
