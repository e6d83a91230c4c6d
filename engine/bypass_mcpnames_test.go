package engine

import (
	"context"
	"testing"
)

// TestBypassMCPNameSpellings: an MCP tool name no agent sends — the
// denied tool's name with a blank, a tab, an invisible character, a dot
// or a slash in it — was weighed as a tool of the allowed server, so the
// server's allow rule approved "mcp__github__delete_repo " past the deny
// rule for mcp__github__delete_repo. Such names are refused at
// validation; names agents really send keep their rules.
func TestBypassMCPNameSpellings(t *testing.T) {
	s := projectAt(t, t.TempDir(), `{"permissions":{"allow":["mcp__github","mcp__git-hub__list"],"deny":["mcp__github__delete_repo"]}}`, map[string]string{})
	e, err := New(context.Background(), s, WithEvaluator(EvalBoth))
	if err != nil {
		t.Fatal(err)
	}
	runToolRows(t, e, s.Cwd, map[string][]toolRow{
		"spellings no agent sends": {
			{tool: "mcp__github__delete_repo ", input: `{}`, want: "deny"},
			{tool: "mcp__github__delete_repo\t", input: `{}`, want: "deny"},
			{tool: "mcp__github__delete_repo\u200b", input: `{}`, want: "deny"},
			{tool: "mcp__github__delete\u00a0repo", input: `{}`, want: "deny"},
			{tool: "mcp__github__delete.repo", input: `{}`, want: "deny"},
			{tool: "mcp__github__delete_repo/", input: `{}`, want: "deny"},
			{tool: "mcp__github__delete_repo\x00", input: `{}`, want: "deny"},
			{tool: "mcp__github__dеlete_repo", input: `{}`, want: "deny"}, // Cyrillic е
			{tool: "mcp__github \u200b__delete_repo", input: `{}`, want: "deny"},
		},
		"names agents send": {
			{tool: "mcp__github__delete_repo", input: `{}`, want: "deny"},
			{tool: "mcp__github__list_issues", input: `{}`, want: "allow"},
			{tool: "mcp__github__delete_repo_2", input: `{}`, want: "allow"},
			{tool: "mcp__git-hub__list", input: `{}`, want: "allow"},
			{tool: "mcp__other__x", input: `{}`, want: "ask"},
		},
	})
	d, err := e.Decide(context.Background(), Call{Tool: "mcp__github__delete_repo ", Input: map[string]any{}})
	if err != nil || d.Stage != StageValidate {
		t.Errorf("a name no agent sends: %v at %s (%s), want a deny at validate", d.Decision, d.Stage, d.Reason)
	}
}
