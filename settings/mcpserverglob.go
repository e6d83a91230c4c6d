package settings

// ServerGlob reports a tool-name glob that names MCP servers, not tools:
// mcp__*-prod or mcp__*-prod__* (the "__*" is dropped when parsed). Such
// a rule covers every tool of every server its glob matches, as
// mcp__server covers every tool of one server (spec §5). Read as a glob
// over the whole name instead, mcp__*-prod__* became mcp__*-prod, which
// no tool of server db-prod (mcp__db-prod__query) matches: the deny a
// user wrote for all production servers let their tools run.
func (r Rule) ServerGlob() bool {
	return r.ToolGlob && r.MCPServer != "" && r.MCPTool == ""
}
