package engine

import (
	"strings"

	"github.com/agentctl/agentctl/settings"
)

// toolNameRegex compiles a tool-name glob rule: '*' matches any run of
// characters over the whole name; a glob naming MCP servers
// (settings.Rule.ServerGlob: mcp__*-prod, mcp__*-prod__*) also matches
// every tool of a server it matches, the name followed by "__" and a
// tool. Both evaluators match the name against this one expression.
func toolNameRegex(r settings.Rule) string {
	re := wildcardRegex(r.Tool)
	if !r.ServerGlob() {
		return re
	}
	// wildcardRegex is "(?s)^…$": the server part may be followed by a tool.
	return strings.TrimSuffix(re, "$") + "(?:__.*)?$"
}
