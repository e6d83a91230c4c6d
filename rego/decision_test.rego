# Unit tests of the composed decision with hand-written facts. Run by
# `opa test rego/` and by go test (rego/rego_test.go).
package agentctl_test

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

rules(deny, ask, allow) := {"deny": deny, "ask": ask, "allow": allow}

cmd(text, ro) := {
	"narrow": {"text": text, "name": split(text, " ")[0]}, "wide": {"text": text, "name": split(text, " ")[0]},
	"nested": false, "read_only": ro, "exec_wrapper": false,
}

bash(cmds, files, mode) := {
	"tool": "Bash", "input": {"command": "x"}, "mode": mode, "cwd": "/p", "home": "/h",
	"working_dirs": ["/p"], "facts": {"commands": cmds, "files": files, "unresolved": [], "parse_error": false},
}

file(path, access, via) := {
	"path": path, "resolved": path, "access": access, "via": via, "written": path,
	"dynamic": false, "glob": false, "redirect": false, "tilde_or_glob": false, "keys": ["/", "/p", path],
}

rm_deny := rules(bk({}, {"rm": [rule(1, "deny", "bash", {"re": "^rm( .*)?$"})]}, {}), empty, bk({"Bash": [rule(2, "allow", "", {})]}, {}, {}))

test_deny_beats_bare_allow if {
	d := agentctl.decision with input as bash([cmd("rm -rf x", false)], [], "default") with data.agentctl.rules as rm_deny with data.agentctl.tools as catalogue.tools
	d.decision == "deny"
	d.stage == "deny"
	d.rule.line == 1
}

test_bare_allow_allows_other_commands if {
	d := agentctl.decision with input as bash([cmd("make", false)], [], "default") with data.agentctl.rules as rm_deny with data.agentctl.tools as catalogue.tools
	d.decision == "allow"
	d.stage == "allow"
}

test_hook_allow_never_overrides_deny if {
	i := object.union(bash([cmd("rm x", false)], [], "default"), {"hook": {"decision": "allow", "reason": "ok"}})
	d := agentctl.decision with input as i with data.agentctl.rules as rm_deny with data.agentctl.tools as catalogue.tools
	d.decision == "deny"
}

test_hook_deny_always_denies if {
	i := object.union(bash([cmd("ls", true)], [], "default"), {"hook": {"decision": "deny", "reason": "no"}})
	d := agentctl.decision with input as i with data.agentctl.rules as rules(empty, empty, empty) with data.agentctl.tools as catalogue.tools
	d.decision == "deny"
	d.stage == "hook"
}

test_hook_allow_answers_fallback if {
	i := object.union(bash([cmd("make", false)], [], "default"), {"hook": {"decision": "allow", "reason": "ok"}})
	d := agentctl.decision with input as i with data.agentctl.rules as rules(empty, empty, empty) with data.agentctl.tools as catalogue.tools
	d.decision == "allow"
	d.stage == "hook"
}

test_read_only_allowed_in_default if {
	d := agentctl.decision with input as bash([cmd("ls", true)], [], "default") with data.agentctl.rules as rules(empty, empty, empty) with data.agentctl.tools as catalogue.tools
	d.decision == "allow"
	d.stage == "mode"
}

test_dont_ask_turns_ask_into_deny if {
	d := agentctl.decision with input as bash([cmd("make", false)], [], "dontAsk") with data.agentctl.rules as rules(empty, empty, empty) with data.agentctl.tools as catalogue.tools
	d.decision == "deny"
	d.stage == "default"
}

test_plan_denies_writes_even_with_allow if {
	allow := rules(empty, empty, bk({"Bash": [rule(3, "allow", "", {})]}, {}, {}))
	d := agentctl.decision with input as bash([cmd("make", false)], [], "plan") with data.agentctl.rules as allow with data.agentctl.tools as catalogue.tools
	d.decision == "deny"
	d.stage == "mode"
}

test_protected_write_asks_even_in_bypass if {
	f := file("/p/.git/config", "write", ">")
	d := agentctl.decision with input as bash([cmd("echo x", true)], [f], "bypassPermissions") with data.agentctl.rules as rules(empty, empty, empty) with data.agentctl.tools as catalogue.tools
	d.decision == "ask"
	d.stage == "safety"
}

test_bashrc_write_skipped_in_bypass if {
	f := file("/p/.bashrc", "write", ">")
	d := agentctl.decision with input as bash([cmd("echo x", true)], [f], "bypassPermissions") with data.agentctl.rules as rules(empty, empty, empty) with data.agentctl.tools as catalogue.tools
	d.decision == "allow"
}

test_critical_rm_asks_in_bypass if {
	f := file("/", "write", "rm")
	d := agentctl.decision with input as bash([cmd("rm -rf /", false)], [f], "bypassPermissions") with data.agentctl.rules as rules(empty, empty, empty) with data.agentctl.tools as catalogue.tools
	d.decision == "ask"
	d.stage == "safety"
}

test_sibling_directory_is_not_inside if {
	f := file("/p_evil/x", "read", "cat")
	d := agentctl.decision with input as bash([cmd("cat /p_evil/x", true)], [f], "default") with data.agentctl.rules as rules(empty, empty, empty) with data.agentctl.tools as catalogue.tools
	d.decision == "ask"
}

test_symlink_to_denied_file_denies if {
	f := object.union(file("/p/docs/k", "read", "Read"), {"resolved": "/p/a/server.key"})
	i := {
		"tool": "Read", "input": {"file_path": "/p/docs/k"}, "mode": "default", "cwd": "/p", "home": "/h",
		"working_dirs": ["/p"], "facts": {"commands": [], "files": [f], "unresolved": []},
	}
	deny := rules(bk({}, {}, {"Read": {"/p": [rule(4, "deny", "path", {"glob": "/p/**/*.key"})]}}), empty, empty)
	d := agentctl.decision with input as i with data.agentctl.rules as deny with data.agentctl.tools as catalogue.tools
	d.decision == "deny"
}

test_matches_keep_every_stage if {
	r := rules(bk({}, {"rm": [rule(1, "deny", "bash", {"re": "^rm( .*)?$"})]}, {}), bk({}, {"rm": [rule(2, "ask", "bash", {"re": "^rm -rf( .*)?$"})]}, {}), empty)
	d := agentctl.decision with input as bash([cmd("rm -rf x", false)], [], "default") with data.agentctl.rules as r with data.agentctl.tools as catalogue.tools
	count(d.matches) == 2
	d.matches[0].stage == "deny"
	d.matches[1].stage == "ask"
}

test_policy_file_write_asks_even_in_bypass if {
	f := file("/etc/claude-code/managed-settings.d/99.json", "write", ">")
	inp := object.union(bash([cmd("echo x", true)], [f], "bypassPermissions"), {"policy_files": ["/etc/claude-code/managed-settings.d"]})
	d := agentctl.decision with input as inp with data.agentctl.rules as rules(empty, empty, empty) with data.agentctl.tools as catalogue.tools
	d.decision == "ask"
	d.stage == "safety"
}

test_write_beside_policy_files_allowed_in_bypass if {
	f := file("/etc/claude-code/notes.txt", "write", ">")
	inp := object.union(bash([cmd("echo x", true)], [f], "bypassPermissions"), {"policy_files": ["/etc/claude-code/managed-settings.d"]})
	d := agentctl.decision with input as inp with data.agentctl.rules as rules(empty, empty, empty) with data.agentctl.tools as catalogue.tools
	d.decision == "allow"
}
