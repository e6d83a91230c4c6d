package agenthook

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

type wantCall struct {
	Tool  string
	Input map[string]any
}

// TestMappingTable: one case per row of the table (and the aliases it
// names), event in, agentctl calls out.
func TestMappingTable(t *testing.T) {
	cwd := "/work/p"
	gem := func(tool, input string) string {
		return `{"hook_event_name":"BeforeTool","cwd":"/work/p","tool_name":"` + tool + `","tool_input":` + input + `}`
	}
	cur := func(event, rest string) string {
		return `{"hook_event_name":"` + event + `","conversation_id":"c","workspace_roots":["/work/p"]` + rest + `}`
	}
	pre := func(tool, input string) string {
		return cur("preToolUse", `,"tool_name":"`+tool+`","tool_input":`+input)
	}
	one := func(tool string, in map[string]any) []wantCall { return []wantCall{{tool, in}} }
	tests := []struct {
		name, event string
		want        []wantCall
	}{
		{"claude any tool", `{"hook_event_name":"PreToolUse","cwd":"/work/p","tool_name":"Edit","tool_input":{"file_path":"/work/p/a","old_string":"a","new_string":"b"}}`,
			one("Edit", map[string]any{"file_path": "/work/p/a", "old_string": "a", "new_string": "b"})},
		{"claude unknown tool", `{"hook_event_name":"PreToolUse","cwd":"/work/p","tool_name":"AskUserQuestion","tool_input":{}}`,
			one("AskUserQuestion", map[string]any{})},
		{"gemini MCP tool with a built-in's name", `{"hook_event_name":"BeforeTool","cwd":"/work/p","tool_name":"glob","tool_input":{"pattern":"*"},"mcp_context":{"server_name":"srv","tool_name":"glob","command":"node"}}`,
			one("mcp__srv__glob", map[string]any{"pattern": "*"})},
		{"gemini shell", gem("run_shell_command", `{"command":"ls"}`), one("Bash", map[string]any{"command": "ls"})},
		{"gemini shell dir_path", gem("run_shell_command", `{"command":"ls","dir_path":"sub"}`), one("Bash", map[string]any{"command": "cd '/work/p/sub' && ls"})},
		{"gemini shell directory = cwd", gem("run_shell_command", `{"command":"ls","directory":"/work/p"}`), one("Bash", map[string]any{"command": "ls"})},
		{"gemini read_file", gem("read_file", `{"file_path":"a.txt"}`), one("Read", map[string]any{"file_path": "/work/p/a.txt"})},
		{"gemini read_file absolute_path", gem("read_file", `{"absolute_path":"/etc/x"}`), one("Read", map[string]any{"file_path": "/etc/x"})},
		{"gemini read_file path", gem("read_file", `{"path":"/etc/y"}`), one("Read", map[string]any{"file_path": "/etc/y"})},
		{"gemini read_many_files", gem("read_many_files", `{"paths":["a.go","src/**/*.env"],"include":["b.md"]}`), []wantCall{
			{"Read", map[string]any{"file_path": "/work/p/a.go"}},
			{"Bash", map[string]any{"command": "cat -- 'src/'**'/'*'.env'"}},
			{"Read", map[string]any{"file_path": "/work/p/b.md"}}}},
		{"gemini write_file", gem("write_file", `{"file_path":"/work/p/w","content":"x"}`), one("Write", map[string]any{"file_path": "/work/p/w", "content": "x"})},
		{"gemini replace", gem("replace", `{"file_path":"e","old_string":"a","new_string":"b"}`), one("Edit", map[string]any{"file_path": "/work/p/e", "old_string": "a", "new_string": "b"})},
		{"gemini replace creates", gem("replace", `{"file_path":"n","old_string":"","new_string":"b"}`), one("Write", map[string]any{"file_path": "/work/p/n", "content": "b"})},
		{"gemini glob", gem("glob", `{"pattern":"*.go","dir_path":"src"}`), one("Glob", map[string]any{"pattern": "*.go", "path": "/work/p/src"})},
		{"gemini search_file_content", gem("search_file_content", `{"pattern":"x","path":"/work/p","include":"*.go"}`), one("Bash", map[string]any{"command": "grep -r -e 'x' -- '/work/p'"})},
		{"gemini grep_search", gem("grep_search", `{"pattern":"x","dir_path":"d"}`), one("Bash", map[string]any{"command": "grep -r -e 'x' -- '/work/p/d'"})},
		{"gemini list_directory", gem("list_directory", `{"dir_path":"/etc"}`), one("Glob", map[string]any{"pattern": "*", "path": "/etc"})},
		{"gemini web_fetch prompt URLs", gem("web_fetch", `{"prompt":"compare https://a.example/x and https://b.example."}`), []wantCall{
			{"WebFetch", map[string]any{"url": "https://a.example/x", "prompt": "compare https://a.example/x and https://b.example."}},
			{"WebFetch", map[string]any{"url": "https://b.example", "prompt": "compare https://a.example/x and https://b.example."}}}},
		{"gemini web_fetch url", gem("web_fetch", `{"url":"https://c.example"}`), one("WebFetch", map[string]any{"url": "https://c.example", "prompt": "fetch"})},
		{"gemini web_fetch no URL", gem("web_fetch", `{"prompt":"nothing"}`), one("web_fetch", map[string]any{"prompt": "nothing"})},
		{"gemini google_web_search", gem("google_web_search", `{"query":"q"}`), one("WebSearch", map[string]any{"query": "q"})},
		{"gemini write_todos", gem("write_todos", `{"todos":[]}`), one("TodoWrite", map[string]any{"todos": []any{}})},
		{"gemini mcp", gem("mcp__gh__x", `{"a":1}`), one("mcp__gh__x", map[string]any{"a": float64(1)})},
		{"gemini other", gem("save_memory", `{"fact":"f"}`), one("save_memory", map[string]any{"fact": "f"})},
		{"cursor shell", cur("beforeShellExecution", `,"command":"ls","cwd":"/work/p"`), one("Bash", map[string]any{"command": "ls"})},
		{"cursor shell elsewhere", cur("beforeShellExecution", `,"command":"ls","cwd":"/tmp"`), one("Bash", map[string]any{"command": "cd '/tmp' && ls"})},
		{"cursor read", cur("beforeReadFile", `,"file_path":"/work/p/.env"`), one("Read", map[string]any{"file_path": "/work/p/.env"})},
		{"cursor tab read", cur("beforeTabFileRead", `,"file_path":"/work/p/.env","content":"K=1"`), one("Read", map[string]any{"file_path": "/work/p/.env"})},
		{"cursor mcp unknown server", cur("beforeMCPExecution", `,"tool_name":"q","tool_input":"{\"s\":1}","url":"http://x"`), one("MCP:q", map[string]any{"s": float64(1)})},
		{"cursor preToolUse Shell", pre("Shell", `{"command":"ls"}`), one("Bash", map[string]any{"command": "ls"})},
		{"cursor preToolUse Read", pre("Read", `{"target_file":"a"}`), one("Read", map[string]any{"file_path": "/work/p/a"})},
		{"cursor preToolUse Write", pre("Write", `{"path":"w","contents":"c"}`), one("Write", map[string]any{"file_path": "/work/p/w", "content": "c"})},
		{"cursor preToolUse Edit", pre("Edit", `{"file_path":"/work/p/e","old_string":"a","new_string":"b"}`), one("Edit", map[string]any{"file_path": "/work/p/e", "old_string": "a", "new_string": "b"})},
		{"cursor preToolUse StrReplace", pre("StrReplace", `{"path":"e","old_string":"a","new_string":"b"}`), one("Edit", map[string]any{"file_path": "/work/p/e", "old_string": "a", "new_string": "b"})},
		{"cursor preToolUse Delete", pre("Delete", `{"path":"it's"}`), one("Bash", map[string]any{"command": `rm -- '/work/p/it'\''s'`})},
		{"cursor preToolUse Grep", pre("Grep", `{"pattern":"x","path":"src","glob":"*.go"}`), one("Bash", map[string]any{"command": "grep -r -e 'x' -- '/work/p/src'"})},
		{"cursor preToolUse Glob", pre("Glob", `{"glob_pattern":"*.go","target_directory":"src"}`), one("Glob", map[string]any{"pattern": "*.go", "path": "/work/p/src"})},
		{"cursor preToolUse LS", pre("LS", `{"target_directory":"/etc"}`), one("Glob", map[string]any{"pattern": "*", "path": "/etc"})},
		{"cursor preToolUse Task", pre("Task", `{"prompt":"p"}`), one("Agent", map[string]any{"prompt": "p"})},
		{"cursor preToolUse MCP", pre("MCP:q", `{}`), one("MCP:q", map[string]any{})},
		{"cursor preToolUse other", pre("Todo", `{}`), one("Todo", map[string]any{})},
	}
	covered := map[string]bool{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev := mustEvent(t, tt.event, "")
			if ev.Cwd != cwd {
				t.Fatalf("cwd %q", ev.Cwd)
			}
			row, err := Lookup(ev)
			if err != nil {
				t.Fatal(err)
			}
			covered[string(row.Agent)+row.Event+row.Name] = true
			calls, err := Calls(ev)
			if err != nil {
				t.Fatal(err)
			}
			var got []wantCall
			for _, c := range calls {
				if !c.Foreign {
					t.Errorf("call %s not marked Foreign", c.Tool)
				}
				got = append(got, wantCall{c.Tool, c.Input})
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %#v\nwant %#v", got, tt.want)
			}
		})
	}
	for _, r := range Table() {
		if !covered[string(r.Agent)+r.Event+r.Name] {
			t.Errorf("no test case for the row %s %s %s", r.Agent, r.Event, r.Name)
		}
	}
}

// TestMappingErrors: an event the table cannot map is an error (the caller
// fails closed), never an empty set of calls.
func TestMappingErrors(t *testing.T) {
	for _, raw := range []string{
		`{"hook_event_name":"BeforeTool","cwd":"/p","tool_name":"run_shell_command","tool_input":{}}`,
		`{"hook_event_name":"BeforeTool","cwd":"/p","tool_name":"read_many_files","tool_input":{"paths":[1]}}`,
		`{"hook_event_name":"BeforeTool","cwd":"/p","tool_input":{}}`,
		`{"hook_event_name":"beforeSubmitPrompt","conversation_id":"c","workspace_roots":["/p"]}`,
		`{"hook_event_name":"beforeReadFile","conversation_id":"c","workspace_roots":["/p"]}`,
		`{"hook_event_name":"UserPromptSubmit","cwd":"/p"}`,
	} {
		ev, err := ParseEvent([]byte(raw), Claude)
		if err == nil {
			_, err = Calls(ev)
		}
		if err == nil {
			t.Errorf("%s: no error", raw)
		}
	}
	for _, raw := range []string{`[]`, `{"hook_event_name":"PreToolUse"}`, `{"hook_event_name":"PreToolUse","cwd":"rel"}`,
		`{"hook_event_name":"X","cwd":"/p"}`, `{"hook_event_name":"PreToolUse","cwd":"/p"} {}`,
		`{"hook_event_name":"PreToolUse","cwd":"/p","tool_input":[1]}`} {
		if _, err := ParseEvent([]byte(raw), ""); err == nil {
			t.Errorf("ParseEvent(%s): no error", raw)
		}
	}
	if _, err := ParseEvent([]byte(`{"hook_event_name":"BeforeTool","cwd":"/p"}`), Claude); err == nil {
		t.Error("a Gemini event under --agent claude was accepted")
	}
}

// TestCursorMCPServerFromConfig: the server is the one mcp.json names by
// the event's url or command.
func TestCursorMCPServerFromConfig(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, ".cursor"), 0o755)
	os.WriteFile(filepath.Join(root, ".cursor", "mcp.json"), []byte(`{"mcpServers":{
		"github":{"command":"npx","args":["github-mcp"]},"web":{"url":"http://w.example/mcp"}}}`), 0o644)
	for _, tt := range []struct{ rest, want string }{
		{`"command":"npx github-mcp"`, "mcp__github__q"},
		{`"url":"http://w.example/mcp"`, "mcp__web__q"},
		{`"url":"http://other"`, "MCP:q"},
	} {
		ev := mustEvent(t, `{"hook_event_name":"beforeMCPExecution","conversation_id":"c","workspace_roots":["`+root+`"],"tool_name":"q",`+tt.rest+`}`, "")
		ev.TrustedProject = true
		calls, err := Calls(ev)
		if err != nil || calls[0].Tool != tt.want {
			t.Errorf("%s: %v %v; want %s", tt.rest, calls, err, tt.want)
		}
	}
}

// TestREADMEShowsTheTable: the README's mapping table is this table.
func TestREADMEShowsTheTable(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if want := MarkdownTable(); !strings.Contains(string(readme), want) {
		t.Errorf("README.md lacks the mapping table; put this in it:\n%s", want)
	}
}
