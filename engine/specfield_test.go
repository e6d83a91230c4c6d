package engine

import (
	"context"
	"testing"
)

// TestSpecifierRules: Skill(name), SlashCommand(/cmd:*) and
// PowerShell(pattern) are documented rule forms, matched on the tool's own
// input field, never ignored.
func TestSpecifierRules(t *testing.T) {
	const policy = `{"permissions":{"allow":["Skill(pdf)","SlashCommand(/review:*)","PowerShell(Get-ChildItem *)"],` +
		`"deny":["Skill(deploy*)","PowerShell(Remove-Item *)"],"ask":["SlashCommand(/release)"]}}`
	e, err := New(context.Background(), project(t, policy, map[string]string{}))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		tool  string
		input map[string]any
		want  Effect
	}{
		{"Skill", map[string]any{"skill": "pdf"}, Allow},
		{"Skill", map[string]any{"command": "pdf"}, Allow},
		{"Skill", map[string]any{"skill": "deploy-prod"}, Deny},
		{"Skill", map[string]any{"skill": "xlsx"}, Ask},
		{"SlashCommand", map[string]any{"command": "/review 12"}, Allow},
		{"SlashCommand", map[string]any{"command": "/review"}, Allow},
		{"SlashCommand", map[string]any{"command": "/reviewer"}, Ask},
		{"SlashCommand", map[string]any{"command": "/release"}, Ask},
		{"PowerShell", map[string]any{"command": "Get-ChildItem -Recurse"}, Allow},
		{"PowerShell", map[string]any{"command": "Remove-Item C:\\x"}, Deny},
		{"PowerShell", map[string]any{"command": "Set-Content x y"}, Ask},
	} {
		d, err := e.Decide(context.Background(), Call{Tool: tc.tool, Input: tc.input, Foreign: true})
		if err != nil || d.Decision != tc.want {
			t.Errorf("%s %v: %v %s (%s), want %s", tc.tool, tc.input, err, d.Decision, d.Reason, tc.want)
		}
	}
	for _, r := range e.Settings().Rules {
		if r.Ignored != "" {
			t.Errorf("rule %s ignored: %s", r.Text, r.Ignored)
		}
	}
}
