package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// mcpServerNames returns the server names an MCP configuration defines:
// those of its "mcpServers" object, and of every key that spells it in
// another case. encoding/json matches a struct field's key without regard
// to case, the last such key winning: a repository's .mcp.json of
// {"mcpServers": {"github": …}, "MCPServers": null} defines github for
// the agent (JSON.parse reads the exact key), while the struct read the
// later key and found no server, so the user's mcp__github allow approved
// calls to the repository's own server. Each key is read on its own now
// and their servers are unioned: a reader that matched the key in any
// case finds no server that is not counted. A duplicate key keeps the
// last, as JSON.parse does.
func mcpServerNames(data []byte) ([]string, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for key, raw := range top {
		if !strings.EqualFold(key, "mcpServers") || bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
			continue
		}
		var servers map[string]json.RawMessage
		if err := json.Unmarshal(raw, &servers); err != nil {
			return nil, fmt.Errorf("%s: %w", key, err)
		}
		for n := range servers {
			seen[n] = true
		}
	}
	names := make([]string, 0, len(seen))
	for n := range seen {
		names = append(names, n)
	}
	sort.Strings(names)
	return names, nil
}
