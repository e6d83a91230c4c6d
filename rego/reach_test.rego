# Unit tests of the shell-reach facts (mentions, recursive walks, powers,
# directory changes) and of rule kinds not covered elsewhere (param, tool
# globs, custom ask/allow), with hand-written facts.
package agentctl_reach_test

import data.agentctl
import data.agentctl_catalogue_test as catalogue

rule(id, behavior, kind, extra) := object.union(
	{
		"id": id, "text": sprintf("rule-%d", [id]), "behavior": behavior, "source": "projectSettings",
		"file": ".claude/settings.json", "line": id, "column": 7, "kind": kind,
	},
	extra,
)

bk(tool, bash, path) := {
	"tool": tool, "globs": [], "bash": bash, "path": path, "domain": {},
	"has_bash": count(bash) > 0, "has_path": count(path) > 0,
}

empty := bk({}, {}, {})

bare_bash_allow := bk({"Bash": [rule(9, "allow", "", {})]}, {}, {})

# deny Read(.env): one glob, indexed under the segment key.
env_deny := {
	"deny": bk({}, {}, {"Read": {"seg:.env": [rule(1, "deny", "path", {"glob": "/p/**/.env"})]}, "Edit": {}}),
	"ask": empty,
	"allow": bare_bash_allow,
}

cmd(text) := {
	"narrow": {"text": text, "name": split(text, " ")[0]}, "wide": {"text": text, "name": split(text, " ")[0]},
	"nested": false, "read_only": false, "exec_wrapper": false, "powers": [],
}

f(path, access, via) := {
	"path": path, "resolved": path, "access": access, "via": via, "written": path,
	"dynamic": false, "glob": false, "redirect": false, "tilde_or_glob": false, "keys": ["/", "/p", "seg:p", "/p/sub", "seg:sub", path, "seg:.env"],
}

bash(cmds, facts) := {
	"tool": "Bash", "input": {"command": "x"}, "mode": "default", "cwd": "/p", "home": "/h", "working_dirs": ["/p"],
	"facts": object.union({"commands": cmds, "files": [], "mentions": [], "reach": [], "unresolved": [], "parse_error": false}, facts),
}

decide(i, r) := d if {
	d := agentctl.decision with input as i with data.agentctl.rules as r with data.agentctl.tools as catalogue.tools
}

test_mention_of_a_denied_path_denies if {
	d := decide(bash([cmd("rev .env")], {"mentions": [f("/p/sub/.env", "any", "rev")]}), env_deny)
	d.decision == "deny"
	d.rule.line == 1
}

test_mention_is_never_an_access_to_approve if {
	d := decide(bash([cmd("rev notes")], {"mentions": [f("/p/notes", "any", "rev")]}), env_deny)
	d.decision == "allow"
}

test_certain_reach_denies if {
	r := object.union(f("/p/sub/.env", "read", "grep -r"), {"root": "/p", "certain": true})
	d := decide(bash([cmd("grep -r x .")], {"reach": [r]}), env_deny)
	d.decision == "deny"
	d.stage == "deny"
}

test_possible_reach_asks_at_the_tool_stage if {
	r := object.union(f("/p/sub/.env", "read", "grep -r"), {"root": "/p", "certain": false})
	d := decide(bash([cmd("grep -r x .")], {"reach": [r]}), env_deny)
	d.decision == "ask"
	d.stage == "tool"
	contains(d.reason, "could read /p/sub/.env")
}

prefix_allow(exact) := {
	"deny": empty, "ask": empty,
	"allow": bk({}, {"go": [rule(5, "allow", "bash", {"re": "^go test( .*)?$", "exact": exact})]}, {}),
}

test_a_prefix_rule_does_not_approve_powers if {
	c := object.union(cmd("go test -toolexec x ./..."), {"powers": ["go -toolexec runs x"]})
	d := decide(bash([c], {}), prefix_allow(false))
	d.decision == "ask"
}

test_an_exact_rule_approves_powers if {
	c := object.union(cmd("go test -toolexec x ./..."), {"powers": ["go -toolexec runs x"]})
	d := decide(bash([c], {}), prefix_allow(true))
	d.decision == "allow"
}

test_a_prefix_rule_approves_plain_arguments if {
	d := decide(bash([cmd("go test -run X ./...")], {}), prefix_allow(false))
	d.decision == "allow"
}

test_cd_to_a_subdirectory_with_git_asks if {
	d := decide(
		bash([cmd("cd sub"), cmd("git status")], {"files": [f("/p/sub", "read", "cd")]}),
		{"deny": empty, "ask": empty, "allow": bare_bash_allow},
	)
	d.decision == "ask"
	d.stage == "tool"
}

test_protected_names_ignore_case if {
	w := object.union(f("/p/.GIT/hooks/pre-commit", "write", ">"), {"redirect": true})
	d := decide(bash([cmd("echo x")], {"files": [w]}), {"deny": empty, "ask": empty, "allow": bare_bash_allow})
	d.decision == "ask"
	d.stage == "safety"
}

param_ask := {
	"deny": empty,
	"ask": bk({"WebSearch": [rule(3, "ask", "param", {"param": "query", "re": "^.*secret.*$"})]}, {}, {}),
	"allow": bk({"WebSearch": [rule(4, "allow", "", {})]}, {}, {}),
}

test_param_rule_asks_on_its_field if {
	i := {"tool": "WebSearch", "input": {"query": "top secret"}, "mode": "default", "cwd": "/p", "home": "/h", "working_dirs": ["/p"], "facts": {"commands": [], "files": []}}
	d := decide(i, param_ask)
	d.decision == "ask"
	d.rule.line == 3
}

test_param_rule_ignores_other_values if {
	i := {"tool": "WebSearch", "input": {"query": "weather"}, "mode": "default", "cwd": "/p", "home": "/h", "working_dirs": ["/p"], "facts": {"commands": [], "files": []}}
	d := decide(i, param_ask)
	d.decision == "allow"
}

glob_deny := {
	"deny": {"tool": {}, "globs": [rule(6, "deny", "", {"name_re": "^mcp__prod__.*$"})], "bash": {}, "path": {}, "domain": {}, "has_bash": false, "has_path": false},
	"ask": empty, "allow": bk({"mcp__prod": [rule(7, "allow", "", {})]}, {}, {}),
}

test_tool_glob_deny_beats_server_allow if {
	i := {"tool": "mcp__prod__drop", "input": {}, "mode": "default", "cwd": "/p", "home": "/h", "working_dirs": ["/p"], "facts": {"commands": [], "files": [], "mcp": {"server": "prod", "tool": "drop"}}}
	d := decide(i, glob_deny)
	d.decision == "deny"
	d.rule.line == 6
}

test_custom_ask_asks if {
	d := decide(bash([cmd("make")], {}), {"deny": empty, "ask": empty, "allow": bare_bash_allow}) with data.agentctl.custom.ask as {"reviews first"}
	d.decision == "ask"
	contains(d.reason, "reviews first")
}

test_custom_allow_answers_only_the_fallback if {
	d := decide(bash([cmd("make")], {}), {"deny": empty, "ask": empty, "allow": empty}) with data.agentctl.custom.allow as {"org ok"}
	d.decision == "allow"
	d2 := decide(bash([cmd("make")], {"mentions": [f("/p/sub/.env", "any", "make")]}), object.union(env_deny, {"allow": empty})) with data.agentctl.custom.allow as {"org ok"}
	d2.decision == "deny"
}

# Deny and ask path rules fold letter case: a folded entry (lower-cased
# glob, lower-cased keys) matches the lower-cased path; an entry without
# fold (a class kept as written) matches the path as written.
folded_deny := {
	"deny": bk({}, {}, {
		"Read": {"seg:.env": [
			rule(1, "deny", "path", {"glob": "/p/**/.env", "fold": true}),
			rule(2, "deny", "path", {"glob": "/p/**/.e[N]v"}),
		]},
		"Edit": {},
	}),
	"ask": empty,
	"allow": bare_bash_allow,
}

upper(path) := object.union(f(path, "any", "rev"), {"keys": ["/", "/P", "seg:P", "/P/SUB", "seg:SUB", path, "seg:.ENV"]})

test_folded_entry_matches_any_case if {
	d := decide(bash([cmd("rev .ENV")], {"mentions": [upper("/P/SUB/.ENV")]}), folded_deny)
	d.decision == "deny"
	d.rule.line == 1
}

test_entry_as_written_matches_its_own_case if {
	d := decide(bash([cmd("rev .eNv")], {"mentions": [f("/p/sub/.eNv", "any", "rev")]}), folded_deny)
	d.decision == "deny"
	[m.line | some m in d.matches; m.stage == "deny"] == [1, 2]
}

test_folded_entry_leaves_other_names if {
	d := decide(bash([cmd("rev .ENVX")], {"mentions": [upper("/P/SUB/.ENVX")]}), folded_deny)
	d.decision == "allow"
}
