package toolspec

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// MCPNamePart is a server's or tool's name as it appears in an MCP tool's
// name (mcp__<server>__<tool>): every UTF-16 code unit outside
// [A-Za-z0-9_-] becomes "_". Claude Code makes the replacement with a
// regular expression over its JavaScript string, whose characters are
// UTF-16 code units: a character outside the Basic Multilingual Plane (an
// emoji) is two of them and becomes "__". Replacing it by one "_" named a
// repository's server "git😀hub" git_hub, while its tools are called
// mcp__git__hub__…: the check for a server the repository defines missed
// them.
func MCPNamePart(name string) string {
	b := make([]byte, 0, len(name))
	for _, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '-':
			b = append(b, byte(r))
		case r > 0xFFFF && r <= utf8.MaxRune:
			b = append(b, '_', '_')
		default:
			b = append(b, '_')
		}
	}
	return string(b)
}

// mcpNameProblem says why name (mcp__SERVER__TOOL) cannot be an MCP tool's
// name, "" when it can. Every agent spells those names from
// [A-Za-z0-9_-] alone: Claude Code and agentctl's own MCP client replace
// everything else (MCPNamePart), and so does the Gemini CLI mapping. A
// name with a blank, a dot, a slash or an invisible character in it
// ("mcp__github__delete_repo\u200b") is no tool anyone runs under that
// name, and a deny rule for the tool it imitates does not match it: it
// is refused, never weighed against the server's allow rule.
func mcpNameProblem(name string) string {
	for i := 0; i < len(name); i++ {
		switch c := name[i]; {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '_', c == '-':
		default:
			return fmt.Sprintf("%s: not an MCP tool name (only letters, digits, _ and - make one: every agent replaces the rest)", strconv.Quote(name))
		}
	}
	return ""
}
