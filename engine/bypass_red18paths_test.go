package engine

import (
	"context"
	"path/filepath"
	"testing"
)

// Bypass classes of the eighteenth red-team pass on file-tool paths, URLs
// and tool names as written. Every row runs on a real project in a
// temporary directory, with both evaluators (EvalBoth fails on any
// difference).

// red18pathsPolicy denies the tools of servers named by a glob, with
// and without the "__*" a user writes after a server, and allows the
// servers one by one (an allow glob needs a literal server).
const red18pathsPolicy = `{"permissions":{"deny":["mcp__*-prod__*","mcp__git*hub","mcp__*_admin__*","Read(.env)"],` +
	`"ask":["mcp__pay*__*"],` +
	`"allow":["mcp__db-prod","mcp__db-stage","mcp__git_hub","mcp__github","mcp__ops_admin","mcp__ops","mcp__payments",` +
	`"mcp__x-prod-mirror","Read(src/**)"]}}`

// red18pathsClasses are the rows; <cwd> is the project.
var red18pathsClasses = map[string][]toolRow{
	"r18p-1 a deny naming servers by a glob matched no tool of them": {
		// mcp__*-prod__* is every tool of every server ending in -prod;
		// parsed as the whole-name glob mcp__*-prod it matched none of
		// them (mcp__db-prod__query ends in __query), and the server's
		// own allow let the tool run.
		{"mcp__db-prod__query", `{}`, "", "deny"},
		{"mcp__db-prod__drop_table", `{"table":"users"}`, "bypassPermissions", "deny"},
		{"mcp__db-prod__query", `{}`, "dontAsk", "deny"},
		{"mcp__git_hub__delete_repo", `{}`, "", "deny"},
		{"mcp__github__delete_repo", `{}`, "", "deny"},
		{"mcp__ops_admin__reboot", `{}`, "", "deny"},
		{"mcp__db-prod__x__y", `{}`, "", "deny"},
		{"mcp__payments__refund", `{}`, "", "ask"},
		{"mcp__payments__refund", `{}`, "dontAsk", "deny"},
		// Benign neighbours: servers the globs do not name.
		{"mcp__db-stage__query", `{}`, "", "allow"},
		{"mcp__ops__list", `{}`, "", "allow"},
		{"mcp__x-prod-mirror__get", `{}`, "", "allow"},
		{"Read", `{"file_path":"<cwd>/src/a.go"}`, "", "allow"},
	},
}

// red18pathsProject lays out the project.
func red18pathsProject(t *testing.T) (*Engine, string) {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	s := projectAt(t, root, red18pathsPolicy, map[string]string{".env": "TOKEN=1", "src/a.go": "package a\n"})
	e, err := New(context.Background(), s, WithEvaluator(EvalBoth))
	if err != nil {
		t.Fatal(err)
	}
	return e, s.Cwd
}

// TestBypassRed18Paths decides every red18 path, URL and name row.
func TestBypassRed18Paths(t *testing.T) {
	e, cwd := red18pathsProject(t)
	runToolRows(t, e, cwd, red18pathsClasses)
}
