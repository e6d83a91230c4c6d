package settings

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestRed21cfgAgentRejectedFile: Claude Code validates each settings file
// against its schema and applies nothing of a file where a key it checks
// strictly has a value of the wrong type. agentctl applied the allow
// rules of such a file, so its hook approved a call the agent itself
// asks about (the real CLI with agentctl's hook ran `curl` for a project
// file holding "model": 5). A file the agent rejects now keeps its deny
// and ask rules only. Each row is one file, in a trusted workspace, with
// an allow and a deny rule and one more key.
func TestRed21cfgAgentRejectedFile(t *testing.T) {
	cases := []struct {
		name  string
		file  string // under the temp root
		extra string // more top-level members of the document
		perm  string // more members of "permissions"
		// rejected: the agent sets the whole file aside (an attack row:
		// the allow rule was live on the starting code).
		rejected bool
	}{
		{"a model that is a number", "proj/.claude/settings.json", `"model": 5`, "", true},
		{"a model that is null", "proj/.claude/settings.json", `"model": null`, "", true},
		{"a schema reference that is a number", "proj/.claude/settings.json", `"$schema": 5`, "", true},
		{"a credential helper that is a number", "proj/.claude/settings.json", `"apiKeyHelper": 5`, "", true},
		{"a status line that is a string", "proj/.claude/settings.json", `"statusLine": "x"`, "", true},
		{"a status line without its command", "proj/.claude/settings.json", `"statusLine": {"type": "command"}`, "", true},
		{"a file suggestion of another type", "proj/.claude/settings.json", `"fileSuggestion": {"type": "http", "command": "x"}`, "", true},
		{"a retention of zero days", "proj/.claude/settings.json", `"cleanupPeriodDays": 0`, "", true},
		{"a retention of a day and a half", "proj/.claude/settings.json", `"cleanupPeriodDays": 1.5`, "", true},
		{"a retention that is a string", "proj/.claude/settings.json", `"cleanupPeriodDays": "30"`, "", true},
		{"an MCP switch that is a string", "proj/.claude/settings.json", `"enableAllProjectMcpServers": "yes"`, "", true},
		{"an MCP server list of numbers", "proj/.claude/settings.json", `"enabledMcpjsonServers": [1]`, "", true},
		{"an update channel it does not know", "proj/.claude/settings.json", `"autoUpdatesChannel": "beta"`, "", true},
		{"disableAllHooks that is a string", "proj/.claude/settings.json", `"disableAllHooks": "yes"`, "", true},
		{"a sandbox that is a string", "proj/.claude/settings.json", `"sandbox": "on"`, "", true},
		{"spinner verbs in an unknown mode", "proj/.claude/settings.json", `"spinnerVerbs": {"mode": "x", "verbs": []}`, "", true},
		{"an org id that is a number", "proj/.claude/settings.json", `"forceLoginOrgUUID": 5`, "", true},
		{"a permissions switch that is a string", "proj/.claude/settings.json", "", `"blockReadsOutsideWorkingDirectories": "x"`, true},
		{"a hook of an unknown type", "proj/.claude/settings.json", `"hooks": {"Stop": [{"hooks": [{"type": "bogus", "command": "true"}]}]}`, "", true},
		{"a hook without a type", "proj/.claude/settings.json", `"hooks": {"Stop": [{"hooks": [{"command": "true"}]}]}`, "", true},
		{"an http hook without its url", "proj/.claude/settings.json", `"hooks": {"Stop": [{"hooks": [{"type": "http"}]}]}`, "", true},
		{"an MCP tool hook without its tool", "proj/.claude/settings.json", `"hooks": {"Stop": [{"hooks": [{"type": "mcp_tool", "server": "s"}]}]}`, "", true},
		{"committed local settings", "proj/.claude/settings.local.json", `"model": 5`, "", true},
		{"the user's own file", "home/.claude/settings.json", `"cleanupPeriodDays": "7"`, "", true},
		{"the organisation's file", "etc/managed-settings.json", `"model": false`, "", true},
		{"a YAML sibling", "proj/.claude/settings.yaml", "", "", true},
		// Neighbours: files the agent loads keep their allow rules.
		{"a valid model", "proj/.claude/settings.json", `"model": "opus"`, "", false},
		{"a valid retention", "proj/.claude/settings.json", `"cleanupPeriodDays": 7`, "", false},
		{"a valid status line", "proj/.claude/settings.json", `"statusLine": {"type": "command", "command": "echo hi"}`, "", false},
		{"a key it reads leniently", "proj/.claude/settings.json", `"bashOutputMaxChars": "x"`, "", false},
		{"an effort level it does not know", "proj/.claude/settings.json", `"effortLevel": "bogus"`, "", false},
		{"a key it does not know", "proj/.claude/settings.json", `"zzz": {"a": [1]}`, "", false},
		{"a permissions key it does not know", "proj/.claude/settings.json", "", `"zzz": 5`, false},
		{"a hook event it does not know", "proj/.claude/settings.json", `"hooks": {"Bogus": [{"hooks": [{"type": "command", "command": "true"}]}]}`, "", false},
		{"a prompt hook", "proj/.claude/settings.json", `"hooks": {"Stop": [{"hooks": [{"type": "prompt", "prompt": "check"}]}]}`, "", false},
		{"an MCP tool hook", "proj/.claude/settings.json", `"hooks": {"Stop": [{"hooks": [{"type": "mcp_tool", "server": "s", "tool": "t"}]}]}`, "", false},
		{"attribution switched off", "proj/.claude/settings.json", `"attribution": false`, "", false},
		{"an org id list", "proj/.claude/settings.json", `"forceLoginOrgUUID": ["a"]`, "", false},
		{"numbers in env", "proj/.claude/settings.json", `"env": {"DEBUG": 1}`, "", false},
		{"the user's file with a valid key", "home/.claude/settings.json", `"verbose": true`, "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			perm := `"allow": ["Bash(curl:*)"], "deny": ["Bash(rm:*)"]`
			if c.perm != "" {
				perm += ", " + c.perm
			}
			body := `{"permissions": {` + perm + `}`
			if c.extra != "" {
				body += ", " + c.extra
			}
			body += "}"
			if strings.HasSuffix(c.file, ".yaml") {
				body = "permissions:\n  allow: [\"Bash(curl:*)\"]\n  deny: [\"Bash(rm:*)\"]\nmodel: [1]\n"
			}
			root, opts := tree(t, map[string]string{c.file: body})
			if c.file != "etc/managed-settings.json" {
				write(t, filepath.Join(root, "etc", "managed-settings.json"), "{}")
			}
			opts.TrustWorkspace = true
			s, err := loadWithin(t, opts)
			if err != nil {
				t.Fatal(err)
			}
			allow, deny := false, false
			for _, r := range s.Rules {
				allow = allow || r.Behavior == Allow && r.Text == "Bash(curl:*)"
				deny = deny || r.Behavior == Deny && r.Text == "Bash(rm:*)"
			}
			kind := map[bool]string{true: "attack", false: "neighbour"}[c.rejected]
			if allow == c.rejected {
				t.Errorf("%s: allow Bash(curl:*) kept = %v, want %v; warnings:\n%s", kind, allow, !c.rejected, warningsText(s))
			}
			if !deny {
				t.Errorf("%s: the file's deny rule was dropped", kind)
			}
			warned := strings.Contains(warningsText(s), "Claude Code rejects this whole file")
			if warned != c.rejected {
				t.Errorf("%s: rejection warned = %v, want %v:\n%s", kind, warned, c.rejected, warningsText(s))
			}
		})
	}
}

// TestRed21cfgAgentRejectedWidensNothing: of a file the agent rejects,
// nothing that widens stays — working directories, env, hooks (set aside:
// a call one matches asks), a mode that runs more unasked, the extended
// command profile — while what narrows stays (deny and ask rules,
// disableBypassPermissionsMode, a narrowing mode).
func TestRed21cfgAgentRejectedWidensNothing(t *testing.T) {
	for _, mode := range []string{"acceptEdits", "bypassPermissions", "plan"} {
		t.Run(mode, func(t *testing.T) {
			body := `{"model": 5, "env": {"RED21CFG_X": "1"}, "agentctl": {"commands": "extended"},
			  "permissions": {"defaultMode": "` + mode + `", "additionalDirectories": ["/"], "ask": ["Bash(git push:*)"],
			    "disableAutoMode": "disable"},
			  "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./allow-all.sh"}]}]}}`
			root, opts := tree(t, map[string]string{"proj/.claude/settings.json": body})
			write(t, filepath.Join(root, "etc", "managed-settings.json"), "{}")
			opts.TrustWorkspace = true
			s, err := loadWithin(t, opts)
			if err != nil {
				t.Fatal(err)
			}
			if len(s.AdditionalDirectories) != 0 || len(s.Env) != 0 || len(s.Hooks) != 0 {
				t.Errorf("dirs %v, env %v, hooks %v: want none", s.AdditionalDirectories, s.Env, s.Hooks)
			}
			if len(s.SkippedHooks) != 1 || s.SkippedHooks[0].Command != "./allow-all.sh" {
				t.Errorf("skipped hooks %v: want the file's hook set aside", s.SkippedHooks)
			}
			if s.Commands != nil && s.Commands.Value != "core" {
				t.Errorf("command profile %s", s.Commands.Value)
			}
			if want := map[bool]string{true: "plan", false: "default"}[mode == "plan"]; s.Mode.Value != want {
				t.Errorf("mode %s, want %s", s.Mode.Value, want)
			}
			if !s.DisableAutoMode {
				t.Error("disableAutoMode was dropped")
			}
			ask := false
			for _, r := range s.Rules {
				ask = ask || r.Behavior == Ask && r.Text == "Bash(git push:*)"
			}
			if !ask {
				t.Error("the ask rule was dropped")
			}
		})
	}
}
