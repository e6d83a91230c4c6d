package agenthook

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEventsReadOneWay: an event that could be read as two calls, or that
// names an event agentctl does not know, is blocked in the agent's own
// terms; the same event written plainly is decided as before. want is the
// decision read back from the answer, or "fail" for the fail-closed answer
// (exit 2 for Claude Code and Gemini CLI, a deny for Cursor).
func TestEventsReadOneWay(t *testing.T) {
	e, cwd := project(t, `{"permissions": {"allow": ["Bash", "Read", "WebFetch(domain:ok.example)"],
  "deny": ["Bash(rm *)", "Read(./secret/**)", "WebFetch(domain:evil.example)"]}}`)
	os.MkdirAll(filepath.Join(cwd, "secret"), 0o755)
	os.WriteFile(filepath.Join(cwd, "secret", "key"), []byte("k"), 0o600)
	os.WriteFile(filepath.Join(cwd, "notes"), []byte("n"), 0o644)
	ok, key := filepath.Join(cwd, "notes"), filepath.Join(cwd, "secret", "key")
	claude := func(input string) string {
		return `{"hook_event_name":"PreToolUse","cwd":"` + cwd + `","tool_name":"Bash","tool_input":` + input + `}`
	}
	gemini := func(tool, input string) string {
		return `{"hook_event_name":"BeforeTool","cwd":"` + cwd + `","tool_name":"` + tool + `","tool_input":` + input + `}`
	}
	cursor := func(tool, input string) string {
		return `{"hook_event_name":"preToolUse","conversation_id":"c","workspace_roots":["` + cwd + `"],"tool_name":"` + tool + `","tool_input":` + input + `}`
	}
	tests := []struct {
		name  string
		raw   string
		agent Agent // --agent
		want  string
	}{
		// duplicate keys, invalid UTF-8, lone surrogates
		{"a duplicate command", claude(`{"command":"rm -rf notes","command":"ls"}`), "", "fail"},
		{"a duplicate command, denied one last", claude(`{"command":"ls","command":"rm -rf notes"}`), "", "fail"},
		{"a duplicate tool_name", `{"hook_event_name":"PreToolUse","cwd":"` + cwd + `","tool_name":"Bash","tool_name":"Read","tool_input":{"command":"ls"}}`, "", "fail"},
		{"a duplicate hook_event_name", `{"hook_event_name":"PostToolUse","hook_event_name":"PreToolUse","cwd":"` + cwd + `","tool_name":"Bash","tool_input":{"command":"rm x"}}`, "", "fail"},
		{"a duplicate cwd", `{"hook_event_name":"PreToolUse","cwd":"/","cwd":"` + cwd + `","tool_name":"Bash","tool_input":{"command":"ls"}}`, "", "fail"},
		{"a duplicate key spelled with an escape", claude(`{"command":"rm -rf notes","comm\u0061nd":"ls"}`), "", "fail"},
		{"a nested duplicate", gemini("write_todos", `{"todos":[{"content":"a","content":"b"}]}`), "", "fail"},
		{"invalid UTF-8 in a path", claude("{\"command\":\"cat notes\xff\"}"), "", "fail"},
		{"a lone surrogate", claude(`{"command":"cat \udcff"}`), "", "fail"},
		{"a Cursor shell event with two commands", `{"hook_event_name":"beforeShellExecution","conversation_id":"c","workspace_roots":["` + cwd + `"],"command":"rm -rf notes","command":"ls"}`, "", "fail"},
		{"a Cursor MCP string input with a duplicate", `{"hook_event_name":"beforeMCPExecution","conversation_id":"c","workspace_roots":["` + cwd + `"],"tool_name":"t","tool_input":"{\"a\":1,\"a\":2}"}`, "", "fail"},
		// events agentctl does not know
		{"a misspelt Claude Code event under --agent", strings.Replace(claude(`{"command":"ls"}`), "PreToolUse", "PreToolUse2", 1), Claude, "fail"},
		{"no hook_event_name under --agent claude", `{"cwd":"` + cwd + `","tool_name":"Bash","tool_input":{"command":"ls"}}`, Claude, "fail"},
		{"a hook_event_name that is a number", `{"hook_event_name":3,"cwd":"` + cwd + `","tool_name":"Bash","tool_input":{"command":"ls"}}`, Claude, "fail"},
		{"a lower-case Claude Code event", strings.Replace(claude(`{"command":"ls"}`), "PreToolUse", "pretooluse", 1), Claude, "fail"},
		{"an unknown Gemini CLI event", strings.Replace(gemini("run_shell_command", `{"command":"ls"}`), "BeforeTool", "BeforeToolX", 1), Gemini, "fail"},
		{"no hook_event_name under --agent gemini", `{"cwd":"` + cwd + `","tool_name":"run_shell_command","tool_input":{"command":"ls"}}`, Gemini, "fail"},
		// one parameter spelled two ways
		{"Gemini read_file: file_path and absolute_path differ", gemini("read_file", `{"file_path":"`+ok+`","absolute_path":"`+key+`"}`), "", "fail"},
		{"Gemini read_file: path differs", gemini("read_file", `{"absolute_path":"`+ok+`","path":"`+key+`"}`), "", "fail"},
		{"Gemini shell: dir_path and directory differ", gemini("run_shell_command", `{"command":"cat key","dir_path":"`+cwd+`","directory":"`+filepath.Join(cwd, "secret")+`"}`), "", "fail"},
		{"Gemini shell: dir_path is a number", gemini("run_shell_command", `{"command":"ls","dir_path":5,"directory":"/"}`), "", "fail"},
		{"Gemini glob: dir_path and path differ", gemini("glob", `{"pattern":"*","dir_path":"`+cwd+`","path":"/"}`), "", "fail"},
		{"Gemini grep: include and glob differ", gemini("search_file_content", `{"pattern":"x","include":"*.go","glob":"secret/**"}`), "", "fail"},
		{"Cursor Read: file_path and target_file differ", cursor("Read", `{"file_path":"`+ok+`","target_file":"`+key+`"}`), "", "fail"},
		{"Cursor Write: content and contents differ", cursor("Write", `{"file_path":"`+ok+`","content":"a","contents":"b"}`), "", "fail"},
		{"Cursor Shell: cwd and working_directory differ", cursor("Shell", `{"command":"cat key","cwd":"`+cwd+`","working_directory":"`+filepath.Join(cwd, "secret")+`"}`), "", "fail"},
		{"Cursor LS: path and target_directory differ", cursor("LS", `{"path":"`+cwd+`","target_directory":"/"}`), "", "fail"},
		// every file a Cursor read names
		{"Cursor beforeReadFile: an attachment naming the denied file", `{"hook_event_name":"beforeReadFile","conversation_id":"c","workspace_roots":["` + cwd + `"],"file_path":"` + ok + `","attachments":[{"type":"file","filePath":"` + key + `"}]}`, "", "deny"},
		{"Cursor beforeReadFile: an attachment spelled file_path", `{"hook_event_name":"beforeReadFile","conversation_id":"c","workspace_roots":["` + cwd + `"],"file_path":"` + ok + `","attachments":[{"type":"file","file_path":"secret/key"}]}`, "", "deny"},
		{"Cursor beforeReadFile: attachments that are not a list", `{"hook_event_name":"beforeReadFile","conversation_id":"c","workspace_roots":["` + cwd + `"],"file_path":"` + ok + `","attachments":"` + key + `"}`, "", "fail"},
		{"Cursor beforeReadFile: a file attachment without a path", `{"hook_event_name":"beforeReadFile","conversation_id":"c","workspace_roots":["` + cwd + `"],"file_path":"` + ok + `","attachments":[{"type":"file"}]}`, "", "fail"},
		// every URL a web_fetch names
		{"Gemini web_fetch: an allowed url with a denied URL in the prompt", gemini("web_fetch", `{"url":"https://ok.example/","prompt":"summarise https://evil.example/x"}`), "", "deny"},
		// harmless neighbours
		{"a plain Claude Code event", claude(`{"command":"ls"}`), "", "allow"},
		{"UTF-8 that is valid", claude(`{"command":"ls café"}`), "", "allow"},
		{"a surrogate pair", claude(`{"command":"ls \ud83d\ude00"}`), "", "allow"},
		{"the same key in two objects", gemini("write_todos", `{"todos":[{"content":"a"},{"content":"b"}]}`), "", "deny"},
		{"a known Claude Code event without a tool", `{"hook_event_name":"Stop","cwd":"` + cwd + `"}`, Claude, "defer"},
		{"Gemini read_file: two spellings that agree", gemini("read_file", `{"file_path":"`+ok+`","absolute_path":"`+ok+`"}`), "", "allow"},
		{"Gemini read_file: one spelling empty", gemini("read_file", `{"file_path":"","absolute_path":"`+ok+`"}`), "", "allow"},
		{"Gemini read_file: the denied file alone", gemini("read_file", `{"absolute_path":"`+key+`"}`), "", "deny"},
		{"Cursor beforeReadFile: an attachment inside", `{"hook_event_name":"beforeReadFile","conversation_id":"c","workspace_roots":["` + cwd + `"],"file_path":"` + ok + `","attachments":[{"type":"file","filePath":"` + ok + `"},{"type":"rule"}]}`, "", "allow"},
		{"Cursor Read: target_file alone", cursor("Read", `{"target_file":"`+ok+`"}`), "", "allow"},
		{"Cursor Task: prompt and description are two fields", cursor("Task", `{"prompt":"look around","description":"explore"}`), "", "allow"},
		{"Gemini web_fetch: an allowed url and prompt", gemini("web_fetch", `{"url":"https://ok.example/","prompt":"summarise https://ok.example/x"}`), "", "allow"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev, err := ParseEvent([]byte(tt.raw), tt.agent)
			if err != nil {
				if tt.want != "fail" {
					t.Fatalf("ParseEvent: %v", err)
				}
				return
			}
			agent := ev.Agent
			a := Decide(context.Background(), e, ev, Options{})
			failed := a.Code == 2 || agent == Cursor && strings.Contains(string(a.Stdout), "could not decide")
			switch {
			case tt.want == "fail" && !failed:
				t.Errorf("decided instead of failing: exit %d %s", a.Code, a.Stdout)
			case tt.want == "fail":
			case failed:
				t.Errorf("failed: %s%s", a.Stderr, a.Stdout)
			default:
				if got := answerDecision(t, agent, a.Stdout); got != tt.want {
					t.Errorf("decision %q, want %q: %s", got, tt.want, a.Stdout)
				}
			}
		})
	}
}
