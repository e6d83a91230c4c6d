package settings

import (
	"strings"
	"testing"
)

func TestParseRule(t *testing.T) {
	type want struct {
		tool, kind, pattern, anchor, param, server, mcpTool string
		glob                                                bool
		ignored                                             bool
		warn                                                string // substring of a warning, "" for none
	}
	tests := []struct {
		text string
		b    Behavior
		want want
	}{
		{"Bash", Allow, want{tool: "Bash"}},
		{"Bash(*)", Allow, want{tool: "Bash"}},
		{"Bash()", Deny, want{tool: "Bash", warn: "empty parentheses"}},
		{"Bash(npm run test *)", Allow, want{tool: "Bash", kind: "bash", pattern: "npm run test *"}},
		{"Bash(npm run test:*)", Allow, want{tool: "Bash", kind: "bash", pattern: "npm run test:*"}},
		{"Bash(git:* push)", Deny, want{tool: "Bash", kind: "bash", pattern: "git:* push", warn: ":*"}},
		{"Bash(echo (x))", Deny, want{tool: "Bash", kind: "bash", pattern: "echo (x)"}},
		{"Bash(description:*deploy*)", Deny, want{tool: "Bash", kind: "param", param: "description", pattern: "*deploy*"}},
		{"Bash(command:rm *)", Deny, want{tool: "Bash", kind: "param", param: "command", pattern: "rm *", ignored: true, warn: "main field"}},
		{"Bash(run_in_background:true)", Allow, want{tool: "Bash", kind: "param", param: "run_in_background", pattern: "true", ignored: true, warn: "allow"}},
		{"Read(//etc/**)", Deny, want{tool: "Read", kind: "path", pattern: "/etc/**", anchor: "root"}},
		{"Read(~/.ssh/**)", Deny, want{tool: "Read", kind: "path", pattern: ".ssh/**", anchor: "home"}},
		{"Read(~)", Deny, want{tool: "Read", kind: "path", pattern: "", anchor: "home"}},
		{"Edit(/docs/**)", Allow, want{tool: "Edit", kind: "path", pattern: "docs/**", anchor: "source"}},
		{"Read(./.env)", Deny, want{tool: "Read", kind: "path", pattern: ".env", anchor: "cwd"}},
		{"Read(.env)", Deny, want{tool: "Read", kind: "path", pattern: ".env", anchor: "cwd"}},
		{"Edit(src/**)", Allow, want{tool: "Edit", kind: "path", pattern: "src/**", anchor: "cwd"}},
		{"Write(src/**)", Allow, want{tool: "Write", kind: "path", pattern: "src/**", anchor: "cwd", ignored: true, warn: "never consulted"}},
		{"MultiEdit(src/**)", Deny, want{tool: "MultiEdit", kind: "path", pattern: "src/**", anchor: "cwd", ignored: true, warn: "never consulted"}},
		{"NotebookEdit(*.ipynb)", Deny, want{tool: "NotebookEdit", kind: "path", pattern: "*.ipynb", anchor: "cwd", ignored: true, warn: "never consulted"}},
		{"Glob(src/**)", Deny, want{tool: "Glob", kind: "path", pattern: "src/**", anchor: "cwd", ignored: true, warn: "never consulted"}},
		{"Grep(path:/secret)", Deny, want{tool: "Grep", kind: "param", param: "path", pattern: "/secret", ignored: true, warn: "main field"}},
		{"Grep(output_mode:content)", Deny, want{tool: "Grep", kind: "param", param: "output_mode", pattern: "content"}},
		{"Edit(replace_all:true)", Deny, want{tool: "Edit", kind: "param", param: "replace_all", pattern: "true"}},
		{"Read(offset:*)", Ask, want{tool: "Read", kind: "param", param: "offset", pattern: "*"}},
		{"NotebookEdit(edit_mode:delete)", Deny, want{tool: "NotebookEdit", kind: "param", param: "edit_mode", pattern: "delete"}},
		{"MultiEdit(edits:x)", Deny, want{tool: "MultiEdit", kind: "param", param: "edits", pattern: "x"}},
		{"WebFetch(domain:*.Example.COM.)", Allow, want{tool: "WebFetch", kind: "domain", pattern: "*.example.com"}},
		{"WebFetch(url:https://x)", Deny, want{tool: "WebFetch", kind: "param", param: "url", pattern: "https://x", ignored: true, warn: "main field"}},
		{"WebSearch(query:*secret*)", Deny, want{tool: "WebSearch", kind: "param", param: "query", pattern: "*secret*"}},
		{"mcp__github", Allow, want{tool: "mcp__github", server: "github"}},
		{"mcp__github__*", Allow, want{tool: "mcp__github", server: "github"}},
		{"mcp__github__get_issue", Allow, want{tool: "mcp__github__get_issue", server: "github", mcpTool: "get_issue"}},
		{"mcp__github__get_*", Allow, want{tool: "mcp__github__get_*", server: "github", mcpTool: "get_*", glob: true}},
		{"mcp__db__query(sql:*drop*)", Deny, want{tool: "mcp__db__query", kind: "param", param: "sql", pattern: "*drop*", server: "db", mcpTool: "query"}},
		{"*", Deny, want{tool: "*", glob: true}},
		{"mcp__*", Ask, want{tool: "mcp__*", glob: true, server: "*"}},
		{"*", Allow, want{tool: "*", glob: true, ignored: true, warn: "unanchored allow glob"}},
		{"B*", Allow, want{tool: "B*", glob: true, ignored: true, warn: "unanchored allow glob"}},
		{"mcp__*", Allow, want{tool: "mcp__*", glob: true, server: "*", ignored: true, warn: "unanchored allow glob"}},
		{"Frobnicate", Deny, want{tool: "Frobnicate", warn: "unknown tool"}},
		{"Frobnicate", Allow, want{tool: "Frobnicate"}},
		{"my_tool", Deny, want{tool: "my_tool"}},
		{"Task", Allow, want{tool: "Agent"}},
		{"Agent(Explore)", Allow, want{tool: "Agent", kind: "agent", pattern: "Explore"}},
		{"TodoWrite(x)", Deny, want{tool: "TodoWrite", ignored: true, warn: "no specifier"}},
	}
	for _, tt := range tests {
		t.Run(string(tt.b)+" "+tt.text, func(t *testing.T) {
			r, err := ParseRule(tt.text, tt.b)
			if err != nil {
				t.Fatalf("ParseRule: %v", err)
			}
			got := want{tool: r.Tool, kind: string(r.Kind), pattern: r.Pattern, anchor: string(r.Anchor), param: r.Param,
				server: r.MCPServer, mcpTool: r.MCPTool, glob: r.ToolGlob, ignored: r.Ignored != ""}
			w := tt.want
			gotWarn := strings.Join(r.Warnings, "; ")
			got.warn, w.warn = "", ""
			if got != w {
				t.Errorf("got %+v\nwant %+v", got, w)
			}
			if tt.want.warn == "" && gotWarn != "" {
				t.Errorf("unexpected warning %q", gotWarn)
			}
			if tt.want.warn != "" && !strings.Contains(gotWarn, tt.want.warn) {
				t.Errorf("warnings %q do not mention %q", gotWarn, tt.want.warn)
			}
		})
	}
}

func TestParseRuleErrors(t *testing.T) {
	for _, text := range []string{"", "   ", "Bash(npm", "Bash)", "Ba sh", "Bash(x) y", "*(x)", "WebFetch(example.com)", "WebFetch(domain:)", "Read/x"} {
		if _, err := ParseRule(text, Deny); err == nil {
			t.Errorf("ParseRule(%q): want error", text)
		}
	}
}

func TestSplitToolList(t *testing.T) {
	got := SplitToolList("Bash(git push *),Read  Edit(src/**), mcp__x")
	want := []string{"Bash(git push *)", "Read", "Edit(src/**)", "mcp__x"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestNamesTool(t *testing.T) {
	tests := []struct {
		rule, name string
		want       bool
	}{
		{"Bash", "Bash", true}, {"Bash", "BashOutput", false}, {"Task", "Agent", true}, {"Agent", "Task", true},
		{"mcp__github", "mcp__github__get_issue", true}, {"mcp__github__*", "mcp__github__x", true},
		{"mcp__github", "mcp__github2__x", false}, {"mcp__github__get_issue", "mcp__github__get_issue", true},
		{"mcp__github__get_*", "mcp__github__get_pr", true}, {"mcp__github__get_*", "mcp__github__list", false},
		{"*", "Read", true}, {"mcp__*", "mcp__a__b", true}, {"mcp__*", "Read", false}, {"*Edit", "MultiEdit", true},
		{"Read(/x)", "Read", true},
	}
	for _, tt := range tests {
		r, err := ParseRule(tt.rule, Deny)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.NamesTool(tt.name); got != tt.want {
			t.Errorf("%s names %s = %v, want %v", tt.rule, tt.name, got, tt.want)
		}
	}
}
