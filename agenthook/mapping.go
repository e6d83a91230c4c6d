package agenthook

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/toolspec"
)

// Row is one line of the mapping table: an agent's tool (or, for Cursor's
// before* events, the event) and the agentctl call it stands for. The README
// shows the same table (a test keeps the two equal).
type Row struct {
	Agent Agent
	// Event is the hook event the row applies to; "" means every tool event
	// of the agent (PreToolUse, BeforeTool, preToolUse …).
	Event string
	// Name is the agent's tool name; "*" is any tool no other row names.
	Name string
	// Tool is the agentctl tool the call becomes.
	Tool string
	// Params says how the parameters map.
	Params string
	calls  func(ev *Event) ([]engine.Call, error)
}

// Table returns the mapping table, in the order the README shows it.
func Table() []Row { return table }

var table = []Row{
	{Claude, "", "*", "the same tool", "unchanged (Claude Code's tools are agentctl's; `Task` is `Agent`)", same},

	{Gemini, "", geminiMCPRow, "mcp__SERVER__TOOL", "`mcp_context.server_name` and `mcp_context.tool_name`, whatever `tool_name` is (an MCP tool takes a built-in's name where the built-in is absent); an `mcp_context` without a server fails", geminiMCP},
	{Gemini, "", "run_shell_command", "Bash", "`command`; `dir_path` (or `directory`) becomes a leading `cd DIR &&`", geminiShell},
	{Gemini, "", "read_file", "Read", "`file_path` (or `absolute_path`, `path`), relative to `cwd`", readFile("file_path", "absolute_path", "path")},
	{Gemini, "", "read_many_files", "Read, Bash", "each entry of `paths` and `include` (a backslash read as `/`) that exists is a Read, a directory `grep -r` over it (the tool reads every file below it); else a glob pattern is `cat PATTERN` (so deny rules see every file it could match), an extended glob (`+(a)`, `!(b)`) `grep -r` over its literal directory; else a Read", geminiReadMany},
	{Gemini, "", "write_file", "Write", "`file_path`, `content`", write("file_path", "content")},
	{Gemini, "", "replace", "Edit", "`file_path`, `old_string`, `new_string`; an empty `old_string` creates the file: Write of `new_string`", geminiReplace},
	{Gemini, "", "glob", "Glob", "`pattern`; `dir_path` (or `path`)", glob("pattern", "dir_path", "path")},
	{Gemini, "", "search_file_content", "Bash", "`grep -r -e PATTERN -- DIR`: `pattern`; `dir_path` (or `path`), else `cwd`; `include` only narrows it and is not carried over (Gemini CLI returns every matching line, deny rules or not: a tree that could hold a denied file asks)", geminiSearch},
	{Gemini, "", "grep_search", "Bash", "as `search_file_content`", geminiSearch},
	{Gemini, "", "list_directory", "Glob", "`dir_path` (or `path`) with pattern `*`", listDir("dir_path", "path")},
	{Gemini, "", "web_fetch", "WebFetch", "`url` and every http(s) URL in `prompt`, each a call", geminiFetch},
	{Gemini, "", "google_web_search", "WebSearch", "`query`", rename("WebSearch", "query")},
	{Gemini, "", "write_todos", "TodoWrite", "`todos`", rename("TodoWrite", "todos")},
	{Gemini, "", "mcp__SERVER__TOOL", "the same name", "unchanged", same},
	{Gemini, "", "*", "the same name", "unchanged: decided by the rules that name it, else ask; a name of agentctl's own tools (`Bash`, `Read`, `TodoWrite` …) is not Gemini CLI's (an MCP or discovered tool took it): `gemini:NAME`, which asks", foreign},

	{Cursor, "beforeShellExecution", "", "Bash", "`command`; a `cwd` other than the workspace root becomes a leading `cd DIR &&`", cursorShell},
	{Cursor, "beforeReadFile", "", "Read", "`file_path`; each file of `attachments` (`filePath`) is a Read too", readFile("file_path")},
	{Cursor, "beforeTabFileRead", "", "Read", "`file_path` (the file Cursor Tab sends its model for a completion)", readFile("file_path")},
	{Cursor, "beforeMCPExecution", "", "mcp__SERVER__TOOL", "`tool_name`, `tool_input`; SERVER is the `.cursor/mcp.json` server (project, in a trusted workspace only, then user) whose `url` or `command` the event names; none: the tool is `MCP:TOOL` (only a rule naming it decides, else ask)", cursorMCP},
	{Cursor, "preToolUse", "Shell", "Bash", "`command`; `cwd` (or `working_directory`, else the event's own `cwd`) becomes a leading `cd DIR &&`", cursorTool("Shell")},
	{Cursor, "preToolUse", "Read", "Read", "`file_path` (or `path`, `target_file`)", cursorTool("Read")},
	{Cursor, "preToolUse", "Write", "Write", "`file_path` (or `path`), `content` (or `contents`)", cursorTool("Write")},
	{Cursor, "preToolUse", "Edit", "Edit", "`file_path` (or `path`), `old_string`, `new_string`", cursorTool("Edit")},
	{Cursor, "preToolUse", "StrReplace", "Edit", "as `Edit`", cursorTool("StrReplace")},
	{Cursor, "preToolUse", "Delete", "Bash", "`rm -- FILE` (deny rules on `rm` and Edit rules on FILE both apply)", cursorTool("Delete")},
	{Cursor, "preToolUse", "Grep", "Bash", "`grep -r -e PATTERN -- PATH`: `path` (or `target_directory`), else the workspace root (as Gemini CLI's `search_file_content`; `glob` is not carried over)", cursorTool("Grep")},
	{Cursor, "preToolUse", "Glob", "Glob", "`pattern` (or `glob_pattern`), `path` (or `target_directory`)", cursorTool("Glob")},
	{Cursor, "preToolUse", "LS", "Glob", "`path` (or `target_directory`) with pattern `*`", cursorTool("LS")},
	{Cursor, "preToolUse", "Task", "Agent", "`prompt`", cursorTool("Task")},
	{Cursor, "preToolUse", "MCP:TOOL", "as beforeMCPExecution", "as beforeMCPExecution", cursorTool("MCP")},
	{Cursor, "preToolUse", "*", "the same name", "unchanged: decided by the rules that name it, else ask; a name of agentctl's own tools no row above maps (`Bash`, `MultiEdit`, `TodoWrite` …) or an `mcp__SERVER__TOOL` name (Cursor's are `MCP:TOOL`) is `cursor:NAME`, which asks", foreign},
}

// Calls maps an event onto the agentctl calls it stands for (several for a
// Gemini read_many_files or a web_fetch naming several URLs). Every call is
// marked Foreign: an unknown tool is decided by the rules naming it.
func Calls(ev *Event) ([]engine.Call, error) {
	row, err := Lookup(ev)
	if err != nil {
		return nil, err
	}
	if err := checkParamTypes(ev); err != nil {
		return nil, err
	}
	calls, err := row.calls(ev)
	if err != nil {
		return nil, fmt.Errorf("%w: %s %s: %w", ErrEvent, ev.Agent, row.label(), err)
	}
	for i := range calls {
		calls[i].Foreign = true
		if calls[i].Input == nil {
			calls[i].Input = map[string]any{}
		}
	}
	return calls, nil
}

// Lookup finds the table row for an event.
func Lookup(ev *Event) (Row, error) {
	var fallback *Row
	for i := range table {
		r := &table[i]
		if r.Agent != ev.Agent || (r.Event != "" && r.Event != ev.Name) {
			continue
		}
		switch {
		case r.Name == geminiMCPRow:
			if hasMCPContext(ev) {
				return *r, nil
			}
		case r.Name == "" || r.Name == ev.Tool:
			return *r, nil
		case r.Name == "MCP:TOOL" && strings.HasPrefix(ev.Tool, "MCP:"):
			return *r, nil
		case r.Name == "mcp__SERVER__TOOL" && strings.HasPrefix(ev.Tool, "mcp__"):
			return *r, nil
		case r.Name == "*" && fallback == nil:
			fallback = r
		}
	}
	if fallback != nil && ev.Tool != "" {
		return *fallback, nil
	}
	if ev.Tool == "" && fallback != nil {
		return Row{}, fmt.Errorf("%w: %s event %s names no tool_name", ErrEvent, ev.Agent, ev.Name)
	}
	return Row{}, fmt.Errorf("%w: %s event %q is not one agentctl decides", ErrEvent, ev.Agent, ev.Name)
}

func (r Row) label() string {
	if r.Event != "" {
		return r.Event + " " + r.Name
	}
	return r.Name
}

// same passes the tool and input through.
func same(ev *Event) ([]engine.Call, error) {
	if ev.Tool == "" {
		return nil, fmt.Errorf("no tool_name")
	}
	return []engine.Call{{Tool: ev.Tool, Input: ev.Input}}, nil
}

// foreign passes another agent's tool through under its own name. A name
// that is one of agentctl's built-in tools (or an alias) is not that
// tool: no row above maps it, so it is an MCP or discovered tool that took
// the name (a repository's server exposing "TodoWrite" or "Read"), and
// deciding it as the built-in would approve whatever that tool runs as
// "needs no permission" or "a read inside the working directories". It
// becomes AGENT:NAME, which no rule names: it asks. So does a Cursor tool
// named mcp__SERVER__TOOL: Cursor names its MCP calls MCP:TOOL, and the
// server the name claims is whichever one the user's rules allow.
func foreign(ev *Event) ([]engine.Call, error) {
	calls, err := same(ev)
	if err == nil && (toolspec.Known(ev.Tool) || ev.Agent == Cursor && toolspec.IsMCP(ev.Tool)) {
		calls[0].Tool = string(ev.Agent) + ":" + ev.Tool
	}
	return calls, err
}

// arg returns the string parameter that keys spell (the first non-empty
// one); it fails when two spellings disagree (see spelled).
func arg(in map[string]any, keys ...string) (string, error) {
	return spelled(in, keys...)
}

// under makes a path absolute against dir (the session's cwd).
func under(dir, p string) string {
	if p == "" || filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(dir, p)
}

// required is a string parameter the mapping cannot do without.
func required(in map[string]any, keys ...string) (string, error) {
	s, err := arg(in, keys...)
	if err != nil || s != "" {
		return s, err
	}
	return "", fmt.Errorf("required parameter `%s` is missing", keys[0])
}

func rename(tool string, keys ...string) func(*Event) ([]engine.Call, error) {
	return func(ev *Event) ([]engine.Call, error) {
		in := map[string]any{}
		for _, k := range keys {
			if v, ok := ev.Input[k]; ok {
				in[k] = v
			}
		}
		return []engine.Call{{Tool: tool, Input: in}}, nil
	}
}

func readFile(keys ...string) func(*Event) ([]engine.Call, error) {
	return func(ev *Event) ([]engine.Call, error) {
		src := ev.Input
		if cursorReadEvent(ev) {
			src = ev.Fields
		}
		p, err := required(src, keys...)
		if err != nil {
			return nil, err
		}
		calls := []engine.Call{{Tool: "Read", Input: map[string]any{"file_path": under(ev.Cwd, p)}}}
		if ev.Agent == Cursor && ev.Name == "beforeReadFile" {
			more, err := cursorAttachments(ev)
			if err != nil {
				return nil, err
			}
			calls = append(calls, more...)
		}
		return calls, nil
	}
}

func write(pathKey, contentKey string) func(*Event) ([]engine.Call, error) {
	return func(ev *Event) ([]engine.Call, error) {
		p, err := required(ev.Input, pathKey)
		if err != nil {
			return nil, err
		}
		content, _ := ev.Input[contentKey].(string)
		return []engine.Call{{Tool: "Write", Input: map[string]any{"file_path": under(ev.Cwd, p), "content": content}}}, nil
	}
}

func glob(patternKey string, dirKeys ...string) func(*Event) ([]engine.Call, error) {
	return func(ev *Event) ([]engine.Call, error) {
		pat, err := required(ev.Input, patternKey)
		if err != nil {
			return nil, err
		}
		in := map[string]any{"pattern": pat}
		d, err := arg(ev.Input, dirKeys...)
		if err != nil {
			return nil, err
		}
		if d != "" {
			in["path"] = under(ev.Cwd, d)
		}
		return []engine.Call{{Tool: "Glob", Input: in}}, nil
	}
}

func listDir(keys ...string) func(*Event) ([]engine.Call, error) {
	return func(ev *Event) ([]engine.Call, error) {
		d, err := arg(ev.Input, keys...)
		if err != nil {
			return nil, err
		}
		if d == "" {
			d = ev.Cwd
		}
		return []engine.Call{{Tool: "Glob", Input: map[string]any{"pattern": "*", "path": under(ev.Cwd, d)}}}, nil
	}
}

// geminiSearch maps Gemini CLI's content search (treeSearch).
func geminiSearch(ev *Event) ([]engine.Call, error) {
	pat, err := required(ev.Input, "pattern")
	if err != nil {
		return nil, err
	}
	d, err := arg(ev.Input, "dir_path", "path")
	if err != nil {
		return nil, err
	}
	if _, err := arg(ev.Input, "include", "glob"); err != nil {
		return nil, err
	}
	return treeSearch(ev, pat, d), nil
}

// shellIn is a Bash call running command in dir (when dir is not the
// session's cwd): bashparse follows the cd, so relative paths are checked
// where they really are.
func shellIn(ev *Event, command, dir string) []engine.Call {
	if d := under(ev.Cwd, dir); d != "" && filepath.Clean(d) != filepath.Clean(ev.Cwd) {
		command = "cd " + shellQuote(d) + " && " + command
	}
	return []engine.Call{{Tool: "Bash", Input: map[string]any{"command": command}}}
}

func geminiShell(ev *Event) ([]engine.Call, error) {
	cmd, err := required(ev.Input, "command")
	if err != nil {
		return nil, err
	}
	dir, err := arg(ev.Input, "dir_path", "directory")
	if err != nil {
		return nil, err
	}
	return shellIn(ev, cmd, dir), nil
}

func geminiReplace(ev *Event) ([]engine.Call, error) {
	p, err := required(ev.Input, "file_path")
	if err != nil {
		return nil, err
	}
	oldS, _ := ev.Input["old_string"].(string)
	newS, _ := ev.Input["new_string"].(string)
	if oldS == "" {
		return []engine.Call{{Tool: "Write", Input: map[string]any{"file_path": under(ev.Cwd, p), "content": newS}}}, nil
	}
	return []engine.Call{{Tool: "Edit", Input: map[string]any{"file_path": under(ev.Cwd, p), "old_string": oldS, "new_string": newS}}}, nil
}

func geminiReadMany(ev *Event) ([]engine.Call, error) {
	var calls []engine.Call
	for _, key := range []string{"paths", "include"} {
		list, _ := ev.Input[key].([]any)
		for _, v := range list {
			p, ok := v.(string)
			if !ok || p == "" {
				return nil, fmt.Errorf("`%s` must be a list of strings", key)
			}
			calls = append(calls, geminiReadEntry(ev, p))
		}
	}
	if len(calls) == 0 {
		return nil, fmt.Errorf("required parameter `paths` is missing or empty")
	}
	return calls, nil
}

func geminiFetch(ev *Event) ([]engine.Call, error) {
	prompt, _ := ev.Input["prompt"].(string)
	// Every URL the call names is decided: the url parameter where a
	// version has one, and each URL in the prompt, which other versions
	// fetch instead (a url to an allowed site must not carry a prompt
	// naming a denied one).
	urls := promptURLs(prompt)
	if u, _ := ev.Input["url"].(string); u != "" {
		urls = append([]string{u}, urls...)
	}
	if len(urls) == 0 {
		return []engine.Call{{Tool: ev.Tool, Input: ev.Input}}, nil // no URL: an unknown call, decided by rules naming web_fetch
	}
	if prompt == "" {
		prompt = "fetch"
	}
	var calls []engine.Call
	for _, u := range urls {
		calls = append(calls, engine.Call{Tool: "WebFetch", Input: map[string]any{"url": u, "prompt": prompt}})
	}
	return calls, nil
}

// shellQuote quotes s as one shell word.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// globQuote quotes s as one shell word whose glob characters stay active.
func globQuote(s string) string {
	var b strings.Builder
	lit := func(part string) {
		if part != "" {
			b.WriteString(shellQuote(part))
		}
	}
	start := 0
	for i, r := range s {
		if strings.ContainsRune("*?[]{},", r) {
			lit(s[start:i])
			b.WriteRune(r)
			start = i + len(string(r))
		}
	}
	lit(s[start:])
	return b.String()
}

// MarkdownTable renders the mapping table as the README shows it.
func MarkdownTable() string {
	var b strings.Builder
	b.WriteString("| agent | event | tool | agentctl tool | parameters |\n| --- | --- | --- | --- | --- |\n")
	for _, r := range table {
		event := r.Event
		if event == "" {
			event = map[Agent]string{Claude: "PreToolUse, PermissionRequest, PostToolUse", Gemini: "BeforeTool, AfterTool"}[r.Agent]
		}
		name := "`" + r.Name + "`"
		if r.Name == "" {
			name = "—"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", r.Agent, event, name, r.Tool, r.Params)
	}
	return b.String()
}
