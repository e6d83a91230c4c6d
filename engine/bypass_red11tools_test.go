package engine

import (
	"context"
	"testing"
)

// Bypass classes of the eleventh red-team pass on the non-Bash tools and
// their inputs. Each row is decided by both evaluators (EvalBoth fails on
// any difference).

// red11toolsPolicy denies and asks by Skill, SlashCommand and PowerShell
// specifiers, approves one skill by name and every skill as a whole.
const red11toolsPolicy = `{"permissions":{` +
	`"deny":["Skill(danger)","Skill(wipe:*)","SlashCommand(/nuke:*)","PowerShell(Remove-Item *)"],` +
	`"ask":["Skill(askme)"],` +
	`"allow":["Skill(safe)","SlashCommand(/ok:*)","PowerShell(Get-ChildItem *)"]}}`

// red11WholeSkill adds an allow of the whole Skill tool: the deny and ask
// rules must still win over it.
const red11WholeSkill = `{"permissions":{"deny":["Skill(danger)","Skill(review-pr:*)","PowerShell(Stop-Process:*)"],` +
	`"ask":["Skill(askme)","Skill(deploy:*)"],"allow":["Skill","PowerShell"]}}`

var red11toolsClasses = map[string][]toolRow{
	"r11-1 a Skill call naming one skill in each of its two fields": {
		// Skill's name is in "skill" (current agents) or "command" (older
		// ones): which one runs depends on the agent. A deny or ask rule
		// matched only the first field present, an allow approved on it
		// alone: {"skill":"safe","command":"danger"} was allowed by
		// Skill(safe) and past Skill(danger). Any field matching a deny or
		// ask rule now decides; an allow needs every field.
		{"Skill", `{"skill":"safe","command":"danger"}`, "", "deny"},
		{"Skill", `{"command":"danger","skill":"safe"}`, "", "deny"},
		{"Skill", `{"skill":"safe","command":"danger"}`, "bypassPermissions", "deny"},
		{"Skill", `{"skill":"safe","command":"wipe","args":"all"}`, "acceptEdits", "deny"},
		{"Skill", `{"skill":"safe","command":"askme"}`, "", "ask"},
		{"Skill", `{"skill":"safe","command":"askme"}`, "dontAsk", "deny"},
		{"Skill", `{"skill":"safe","command":"other"}`, "", "ask"},
		{"Skill", `{"skill":"other","command":"safe"}`, "", "ask"},
		// Benign neighbours: one field, or both naming the same skill.
		{"Skill", `{"skill":"safe"}`, "", "allow"},
		{"Skill", `{"command":"safe"}`, "", "allow"},
		{"Skill", `{"skill":"safe","command":"safe"}`, "", "allow"},
		{"Skill", `{"skill":"safe","args":"--dry-run"}`, "", "allow"},
		{"Skill", `{"skill":"dangerous"}`, "", "ask"},
	},
	"r11-2 a Skill or slash command spelled as the agent reads it, not as the rule is": {
		// The agent trims the name and drops one leading "/" before it
		// looks the skill up: "/danger" and " danger" run danger.
		{"Skill", `{"skill":"/danger"}`, "", "deny"},
		{"Skill", `{"skill":" danger "}`, "", "deny"},
		{"Skill", `{"skill":"danger\n"}`, "bypassPermissions", "deny"},
		{"Skill", `{"command":"/wipe","args":"all"}`, "", "deny"},
		{"Skill", `{"skill":"/askme"}`, "", "ask"},
		{"SlashCommand", `{"command":" /nuke all"}`, "", "deny"},
		{"SlashCommand", `{"command":"\t/nuke"}`, "bypassPermissions", "deny"},
		{"PowerShell", `{"command":"  Remove-Item C:\\x -Recurse"}`, "", "deny"},
		// Benign neighbours: names that only begin like a denied one; an
		// allow still matches the name as written only.
		{"Skill", `{"skill":"/dangerous"}`, "", "ask"},
		{"Skill", `{"skill":"/safe"}`, "", "ask"},
		{"SlashCommand", `{"command":"/ok now"}`, "", "allow"},
		{"SlashCommand", `{"command":"/nuker"}`, "", "ask"},
	},
}

// red11MCPPolicy denies and asks by param rules on MCP tools whose
// schemas agentctl does not know, under an allow of their whole servers.
const red11MCPPolicy = `{"permissions":{"deny":["mcp__db__query(sql:*DROP*)","mcp__fs(path:/etc/*)","Edit(new_string:*curl*)"],` +
	`"ask":["mcp__db__query(mode:write)","mcp__db(confirm:false)"],"allow":["mcp__db","mcp__fs","Edit(src/**)"]}}`

// red11MCPClasses run under red11MCPPolicy.
var red11MCPClasses = map[string][]toolRow{
	"r11-4 a param rule's field given as an array or object": {
		// A param rule matched a scalar field only: {"sql":["DROP TABLE t"]}
		// passed mcp__db__query(sql:*DROP*) to a server whose schema takes a
		// string or a list of statements (and ran it). Any scalar inside
		// the field, at any depth, and any key now meet the rule.
		{"mcp__db__query", `{"sql":["DROP TABLE users"]}`, "", "deny"},
		{"mcp__db__query", `{"sql":["select 1","DROP TABLE users"]}`, "bypassPermissions", "deny"},
		{"mcp__db__query", `{"sql":{"text":"DROP TABLE users"}}`, "", "deny"},
		{"mcp__db__query", `{"sql":{"DROP TABLE users":true}}`, "", "deny"},
		{"mcp__db__query", `{"sql":[[{"stmt":["DROP TABLE users"]}]]}`, "acceptEdits", "deny"},
		{"mcp__fs__write", `{"path":["/etc/passwd"]}`, "", "deny"},
		{"mcp__db__query", `{"sql":"select 1","mode":["write"]}`, "", "ask"},
		{"mcp__db__query", `{"sql":"select 1","mode":{"kind":"write"}}`, "dontAsk", "deny"},
		{"mcp__db__drop", `{"confirm":[false]}`, "", "ask"},
		// Benign neighbours: wrapped values the rules do not name.
		{"mcp__db__query", `{"sql":["select 1"]}`, "", "allow"},
		{"mcp__db__query", `{"sql":{"text":"select * from drops"}}`, "", "allow"},
		{"mcp__db__query", `{"sql":"select 1","mode":["read"]}`, "", "allow"},
		{"mcp__db__drop", `{"confirm":[true]}`, "", "allow"},
		{"mcp__fs__write", `{"path":["/srv/data"]}`, "", "allow"},
		{"mcp__db__query", `{"sql":[]}`, "", "allow"},
		{"mcp__db__query", `{"sql":{}}`, "", "allow"},
	},
}

// red11AgentPolicy denies and asks by Agent subagent types.
const red11AgentPolicy = `{"permissions":{"deny":["Agent(general-purpose)"],"ask":["Task(Plan)"],"allow":["Agent(Explore)"]}}`

// red11AgentClasses run under red11AgentPolicy.
var red11AgentClasses = map[string][]toolRow{
	"r11-5 an Agent call that leaves out its subagent type": {
		// Without subagent_type the agent runs its default agent,
		// general-purpose; the rule read the type as "" and the call went
		// past Agent(general-purpose) (the tool needs no permission).
		{"Agent", `{"prompt":"do it"}`, "", "deny"},
		{"Task", `{"prompt":"do it","description":"d"}`, "bypassPermissions", "deny"},
		{"Agent", `{"prompt":"do it"}`, "dontAsk", "deny"},
		{"Agent", `{"prompt":"do it","subagent_type":"general-purpose"}`, "", "deny"},
		{"Agent", `{"prompt":"plan it","subagent_type":"Plan"}`, "", "ask"},
		// Benign neighbours: named types the rules do not name; an allow
		// does not read the default.
		{"Agent", `{"prompt":"look","subagent_type":"Explore"}`, "", "allow"},
		{"Agent", `{"prompt":"look","subagent_type":"statusline-setup"}`, "", "allow"},
	},
}

// red11WholeSkillClasses run under red11WholeSkill.
var red11WholeSkillClasses = map[string][]toolRow{
	"r11-1 under an allow of the whole Skill tool": {
		{"Skill", `{"skill":"safe","command":"danger"}`, "", "deny"},
		{"Skill", `{"skill":"/danger"}`, "", "deny"},
		{"Skill", `{"command":"askme","skill":"safe"}`, "", "ask"},
		{"Skill", `{"skill":"safe","command":"other"}`, "", "allow"},
		{"Skill", `{"skill":"/dangerous"}`, "", "allow"},
	},
	"r11-3 a prefix specifier read as a param rule on a field no input has": {
		// Skill(review-pr:*) and PowerShell(Stop-Process:*) are the
		// documented prefix forms; "review-pr:" looked like a param name,
		// so the rule became review-pr:* on a field that never exists
		// and the deny matched nothing under the whole-tool allow.
		{"Skill", `{"skill":"review-pr"}`, "", "deny"},
		{"Skill", `{"skill":"review-pr","args":"123"}`, "bypassPermissions", "deny"},
		{"Skill", `{"command":"/review-pr"}`, "", "deny"},
		{"Skill", `{"skill":"deploy","args":"prod"}`, "", "ask"},
		{"Skill", `{"skill":"deploy"}`, "dontAsk", "deny"},
		{"PowerShell", `{"command":"Stop-Process -Name explorer"}`, "", "deny"},
		{"PowerShell", `{"command":"Stop-Process"}`, "bypassPermissions", "deny"},
		// Benign neighbours: other skills and commands stay allowed.
		{"Skill", `{"skill":"review-prs"}`, "", "allow"},
		{"Skill", `{"skill":"deployment"}`, "", "allow"},
		{"PowerShell", `{"command":"Get-Process"}`, "", "allow"},
	},
}

func TestBypassRed11Tools(t *testing.T) {
	for _, c := range []struct {
		policy  string
		classes map[string][]toolRow
	}{{red11toolsPolicy, red11toolsClasses}, {red11WholeSkill, red11WholeSkillClasses}, {red11MCPPolicy, red11MCPClasses},
		{red11AgentPolicy, red11AgentClasses}} {
		s := project(t, c.policy, map[string]string{"src/main.go": "package main\n"})
		e, err := New(context.Background(), s, WithEvaluator(EvalBoth))
		if err != nil {
			t.Fatal(err)
		}
		runToolRows(t, e, s.Cwd, c.classes)
	}
}
