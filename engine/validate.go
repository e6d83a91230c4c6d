package engine

import (
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
)

// field describes one input parameter for stateless validation.
type field struct {
	name     string
	typ      string // string, number, integer, boolean, array, object
	required bool
	abs      bool     // an absolute file path
	enum     []string // allowed string values
}

// inputSpecs are the built-in tools' inputs (PERMISSIONS.md §8). A tool
// listed with no fields takes any object.
var inputSpecs = map[string][]field{
	"Read":  {{name: "file_path", typ: "string", required: true, abs: true}, {name: "offset", typ: "integer"}, {name: "limit", typ: "integer"}},
	"Write": {{name: "file_path", typ: "string", required: true, abs: true}, {name: "content", typ: "string", required: true}},
	"Edit": {{name: "file_path", typ: "string", required: true, abs: true}, {name: "old_string", typ: "string", required: true},
		{name: "new_string", typ: "string", required: true}, {name: "replace_all", typ: "boolean"}},
	"MultiEdit": {{name: "file_path", typ: "string", required: true, abs: true}, {name: "edits", typ: "array", required: true}},
	"Bash": {{name: "command", typ: "string", required: true}, {name: "timeout", typ: "number"},
		{name: "description", typ: "string"}, {name: "run_in_background", typ: "boolean"}},
	"Glob": {{name: "pattern", typ: "string", required: true}, {name: "path", typ: "string"}},
	"Grep": {{name: "pattern", typ: "string", required: true}, {name: "path", typ: "string"},
		{name: "glob", typ: "string"}, {name: "type", typ: "string"},
		{name: "output_mode", typ: "string", enum: []string{"content", "files_with_matches", "count"}},
		{name: "-i", typ: "boolean"}, {name: "-n", typ: "boolean"}, {name: "-A", typ: "number"},
		{name: "-B", typ: "number"}, {name: "-C", typ: "number"}, {name: "multiline", typ: "boolean"},
		{name: "head_limit", typ: "number"}},
	"WebFetch":  {{name: "url", typ: "string", required: true}, {name: "prompt", typ: "string", required: true}},
	"WebSearch": {{name: "query", typ: "string", required: true}, {name: "allowed_domains", typ: "array"}, {name: "blocked_domains", typ: "array"}},
	"NotebookEdit": {{name: "notebook_path", typ: "string", required: true, abs: true}, {name: "new_source", typ: "string", required: true},
		{name: "cell_id", typ: "string"}, {name: "cell_type", typ: "string", enum: []string{"code", "markdown"}},
		{name: "edit_mode", typ: "string", enum: []string{"replace", "insert", "delete"}}},
	"TodoWrite":     {{name: "todos", typ: "array", required: true}},
	"Agent":         {{name: "prompt", typ: "string", required: true}, {name: "description", typ: "string"}, {name: "subagent_type", typ: "string"}},
	"ExitPlanMode":  {},
	"EnterWorktree": {},
	"ExitWorktree":  {},
	"ToolSearch":    {{name: "query", typ: "string", required: true}},
	"NotebookRead":  {{name: "notebook_path", typ: "string", required: true, abs: true}},
	"BashOutput":    {{name: "bash_id", typ: "string", required: true}},
	"KillShell":     {{name: "shell_id", typ: "string", required: true}},
	"SlashCommand":  {{name: "command", typ: "string", required: true}},
	"Skill":         {{name: "command", typ: "string", required: true}},
}

func isMCP(name string) bool {
	rest, ok := strings.CutPrefix(name, "mcp__")
	if !ok {
		return false
	}
	server, tool, found := strings.Cut(rest, "__")
	return found && server != "" && tool != ""
}

// Validate checks a call's input without session state: types, required
// fields, absolute paths, no NUL bytes, old_string ≠ new_string. Every
// problem is one line naming the tool, the field and what was expected.
func Validate(tool string, input map[string]any) []string {
	if isMCP(tool) {
		return nil // the server owns the schema
	}
	if tool == "Task" {
		tool = "Agent"
	}
	specs, ok := inputSpecs[tool]
	if !ok {
		return []string{fmt.Sprintf("%s: unknown tool; agentctl refuses tools it does not know", tool)}
	}
	var out []string
	for _, f := range specs {
		v, present := input[f.name]
		if !present || v == nil {
			if f.required {
				out = append(out, fmt.Sprintf("%s: required parameter `%s` is missing", tool, f.name))
			}
			continue
		}
		if !hasType(v, f.typ) {
			out = append(out, fmt.Sprintf("%s: parameter `%s` must be %s, got %s", tool, f.name, article(f.typ), jsonType(v)))
			continue
		}
		s, isStr := v.(string)
		if isStr && strings.ContainsRune(s, 0) {
			out = append(out, fmt.Sprintf("%s: parameter `%s` contains a NUL byte", tool, f.name))
			continue
		}
		if f.abs && !filepath.IsAbs(s) {
			out = append(out, fmt.Sprintf("%s: parameter `%s` must be an absolute path, got %q", tool, f.name, s))
		}
		if len(f.enum) > 0 && !contains(f.enum, s) {
			out = append(out, fmt.Sprintf("%s: parameter `%s` must be one of %s, got %q", tool, f.name, strings.Join(f.enum, ", "), s))
		}
	}
	return append(out, validateTool(tool, input)...)
}

// validateTool holds the checks a type cannot express.
func validateTool(tool string, in map[string]any) []string {
	var out []string
	switch tool {
	case "Bash":
		if s, _ := in["command"].(string); strings.TrimSpace(s) == "" {
			out = append(out, "Bash: parameter `command` must not be empty")
		}
		if t, ok := in["timeout"].(float64); ok && (t <= 0 || t > 600000) {
			out = append(out, fmt.Sprintf("Bash: parameter `timeout` must be between 1 and 600000 ms, got %v", t))
		}
	case "Edit":
		if o, n := in["old_string"], in["new_string"]; o != nil && o == n {
			out = append(out, "Edit: `old_string` and `new_string` must differ")
		}
	case "MultiEdit":
		edits, _ := in["edits"].([]any)
		if len(edits) == 0 {
			out = append(out, "MultiEdit: parameter `edits` must hold at least one edit")
		}
		for i, e := range edits {
			m, ok := e.(map[string]any)
			if !ok {
				out = append(out, fmt.Sprintf("MultiEdit: `edits[%d]` must be an object", i))
				continue
			}
			o, ok1 := m["old_string"].(string)
			n, ok2 := m["new_string"].(string)
			switch {
			case !ok1 || !ok2:
				out = append(out, fmt.Sprintf("MultiEdit: `edits[%d]` needs string `old_string` and `new_string`", i))
			case o == n:
				out = append(out, fmt.Sprintf("MultiEdit: `edits[%d]`: `old_string` and `new_string` must differ", i))
			}
		}
	case "WebFetch":
		s, _ := in["url"].(string)
		u, err := url.Parse(s)
		switch {
		case err != nil || u.Host == "":
			out = append(out, fmt.Sprintf("WebFetch: parameter `url` must be an absolute http or https URL, got %q", s))
		case u.Scheme != "http" && u.Scheme != "https":
			out = append(out, fmt.Sprintf("WebFetch: only http and https URLs can be fetched, got scheme %q", u.Scheme))
		}
	}
	return out
}

func hasType(v any, typ string) bool {
	switch typ {
	case "string":
		_, ok := v.(string)
		return ok
	case "number":
		_, ok := v.(float64)
		return ok
	case "integer":
		f, ok := v.(float64)
		return ok && f == float64(int64(f))
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	case "object":
		_, ok := v.(map[string]any)
		return ok
	}
	return true
}

func jsonType(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case float64:
		return "a number"
	case bool:
		return "a boolean"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return "null"
}

func article(typ string) string {
	if typ == "array" || typ == "object" || typ == "integer" {
		return "an " + typ
	}
	return "a " + typ
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
