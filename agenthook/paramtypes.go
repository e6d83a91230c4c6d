package agenthook

import (
	"fmt"
	"sort"
	"sync"
)

// paramKind is the JSON type a mapped parameter must have.
type paramKind int

const (
	stringParam paramKind = iota
	stringListParam
)

// typedParams are, per agent and tool, the tool_input parameters the
// mapping reads to decide, with the type the agent's own tool reads them
// as. A mapping reading one with another type took it for absent: a Gemini
// CLI read_many_files "include": "secret/key" (a string, not a list) was
// left out and the call allowed as a read of its paths alone, a web_fetch
// "prompt": ["https://evil.example/"] beside an allowed url had only the
// url decided. null stays "absent", as the agents' readers take it.
var typedParams = sync.OnceValue(func() map[Agent]map[string]map[string]paramKind {
	s := func(keys ...string) map[string]paramKind {
		m := map[string]paramKind{}
		for _, k := range keys {
			m[k] = stringParam
		}
		return m
	}
	withLists := func(m map[string]paramKind, keys ...string) map[string]paramKind {
		for _, k := range keys {
			m[k] = stringListParam
		}
		return m
	}
	search := s("pattern", "dir_path", "path", "include", "glob")
	return map[Agent]map[string]map[string]paramKind{
		Gemini: {
			"run_shell_command":   s("command", "dir_path", "directory"),
			"read_file":           s("file_path", "absolute_path", "path"),
			"read_many_files":     withLists(s(), "paths", "include", "exclude"),
			"write_file":          s("file_path", "content"),
			"replace":             s("file_path", "old_string", "new_string"),
			"glob":                s("pattern", "dir_path", "path"),
			"search_file_content": search,
			"grep_search":         search,
			"list_directory":      withLists(s("dir_path", "path"), "ignore"),
			"web_fetch":           s("url", "prompt"),
			"google_web_search":   s("query"),
		},
		Cursor: {
			"Shell":      s("command", "cwd", "working_directory"),
			"Read":       s("file_path", "path", "target_file"),
			"Write":      s("file_path", "path", "content", "contents"),
			"Edit":       s("file_path", "path", "old_string", "new_string"),
			"StrReplace": s("file_path", "path", "old_string", "new_string"),
			"Delete":     s("file_path", "path", "target_file"),
			"Grep":       s("pattern", "path", "target_directory", "glob"),
			"Glob":       s("pattern", "glob_pattern", "path", "target_directory"),
			"LS":         s("path", "target_directory"),
			"Task":       s("prompt", "description"),
		},
	}
})

// checkParamTypes refuses an event whose tool_input holds a parameter the
// mapping reads with a JSON type the agent's tool does not take (a list for
// a path, a string for a list of paths, a number for a prompt), and a
// Gemini CLI mcp_context naming its server or tool other than by a
// string: the agent may read that value where agentctl read nothing.
func checkParamTypes(ev *Event) error {
	if ctx, ok := ev.Fields["mcp_context"].(map[string]any); ok && ev.Agent == Gemini {
		for _, k := range []string{"server_name", "tool_name"} {
			if v, ok := ctx[k]; ok && v != nil {
				if _, isString := v.(string); !isString {
					return fmt.Errorf("%w: mcp_context.%s is %s, not a string", ErrEvent, k, jsonKind(v))
				}
			}
		}
	}
	if ev.Agent == Gemini && hasMCPContext(ev) {
		return nil // a server's tool under a built-in's name: its own parameters
	}
	want := typedParams()[ev.Agent][ev.Tool]
	keys := make([]string, 0, len(want))
	for k := range want {
		keys = append(keys, k)
	}
	sort.Strings(keys) // the same event names the same parameter
	for _, k := range keys {
		v, ok := ev.Input[k]
		if !ok || v == nil {
			continue
		}
		if err := paramHasKind(v, want[k]); err != nil {
			return fmt.Errorf("%w: %s %s: parameter `%s` %w", ErrEvent, ev.Agent, ev.Tool, k, err)
		}
	}
	return nil
}

func paramHasKind(v any, kind paramKind) error {
	if kind == stringParam {
		if _, ok := v.(string); !ok {
			return fmt.Errorf("is %s, not a string", jsonKind(v))
		}
		return nil
	}
	list, ok := v.([]any)
	if !ok {
		return fmt.Errorf("is %s, not a list of strings", jsonKind(v))
	}
	for i, e := range list {
		if _, ok := e.(string); !ok {
			return fmt.Errorf("[%d] is %s, not a string", i, jsonKind(e))
		}
	}
	return nil
}
