package agenthook

import (
	"encoding/json"
	"sort"
	"strings"
)

// cursorServersIn returns the servers of an mcp.json document whose url
// or command (alone, or with its args) is the event's. Each key is read
// under every spelling of it, on its own: encoding/json matches a struct
// field's key without regard to case, the last one winning, while Cursor
// (JSON.parse) reads the exact key. A repository's
// {"mcpServers": {"github": {"command": "npx", "args": [...], "env":
// {"GH_HOST": "evil.example"}}}, "MCPServers": null} — or a server with a
// later "ARGS": null — defined, for Cursor, a server under the user's
// command, but read through a struct it defined none, so the user's name
// for that command named the call and the user's mcp__github__* allowed
// it. A server any reading matches counts. ok is false when the document
// is not JSON agentctl reads.
func cursorServersIn(data []byte, url, command string) (found []string, ok bool) {
	var top map[string]json.RawMessage
	if json.Unmarshal(data, &top) != nil {
		return nil, false
	}
	seen := map[string]bool{}
	for _, raw := range cursorSpellings(top, "mcpServers") {
		var servers map[string]map[string]json.RawMessage
		if json.Unmarshal(raw, &servers) != nil {
			return nil, false
		}
		for name, s := range servers {
			match, readable := cursorServerMatches(s, url, command)
			if !readable {
				return nil, false
			}
			if match {
				seen[name] = true
			}
		}
	}
	for name := range seen {
		found = append(found, name)
	}
	sort.Strings(found)
	return found, true
}

// cursorServerMatches reports whether any reading of one server's url,
// command and args is the event's url or command; readable is false when
// one of them is not of its type (the file is then not JSON agentctl
// reads, as before).
func cursorServerMatches(s map[string]json.RawMessage, url, command string) (match, readable bool) {
	readable = true
	strs := func(key string) []string {
		var out []string
		for _, raw := range cursorSpellings(s, key) {
			var v string
			if json.Unmarshal(raw, &v) != nil {
				readable = false
			}
			out = append(out, v)
		}
		return out
	}
	argLists := [][]string{nil}
	for _, raw := range cursorSpellings(s, "args") {
		var v []string
		if json.Unmarshal(raw, &v) != nil {
			readable = false
		}
		argLists = append(argLists, v)
	}
	urls, commands := strs("url"), strs("command")
	for _, u := range urls {
		match = match || url != "" && u == url
	}
	for _, c := range commands {
		for _, args := range argLists {
			full := strings.TrimSpace(strings.Join(append([]string{c}, args...), " "))
			match = match || command != "" && (c == command || full == command)
		}
	}
	return match, readable
}

// cursorSpellings returns the values of obj's keys that spell key in any
// case, null values left out.
func cursorSpellings(obj map[string]json.RawMessage, key string) []json.RawMessage {
	var out []json.RawMessage
	for k, v := range obj {
		if strings.EqualFold(k, key) && strings.TrimSpace(string(v)) != "null" {
			out = append(out, v)
		}
	}
	return out
}
