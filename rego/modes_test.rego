# Unit tests of the mode, tool and web/MCP stages.
package agentctl_modes_test

import data.agentctl
import data.agentctl_catalogue_test as catalogue

empty := {"tool": {}, "globs": [], "bash": {}, "path": {}, "domain": {}, "has_bash": false, "has_path": false}

no_rules := {"deny": empty, "ask": empty, "allow": empty}

file(path, access) := {
	"path": path, "resolved": path, "access": access, "via": "Edit", "written": path,
	"dynamic": false, "glob": false, "redirect": false, "tilde_or_glob": false, "keys": ["/", path],
}

edit(path, mode) := {
	"tool": "Edit", "input": {"file_path": path}, "mode": mode, "cwd": "/p", "home": "/h",
	"working_dirs": ["/p"], "facts": {"commands": [], "files": [file(path, "write")], "unresolved": []},
}

test_accept_edits_allows_edits_inside if {
	d := agentctl.decision with input as edit("/p/a.go", "acceptEdits") with data.agentctl.rules as no_rules with data.agentctl.tools as catalogue.tools
	d.decision == "allow"
	d.stage == "mode"
}

test_accept_edits_asks_outside if {
	d := agentctl.decision with input as edit("/q/a.go", "acceptEdits") with data.agentctl.rules as no_rules with data.agentctl.tools as catalogue.tools
	d.decision == "ask"
}

test_default_mode_asks_for_edits if {
	d := agentctl.decision with input as edit("/p/a.go", "default") with data.agentctl.rules as no_rules with data.agentctl.tools as catalogue.tools
	d.decision == "ask"
	d.stage == "default"
}

test_protected_path_beats_accept_edits if {
	d := agentctl.decision with input as edit("/p/.husky/pre-commit", "acceptEdits") with data.agentctl.rules as no_rules with data.agentctl.tools as catalogue.tools
	d.decision == "ask"
	d.stage == "safety"
}

test_claude_worktrees_are_not_protected if {
	d := agentctl.decision with input as edit("/p/.claude/worktrees/x/a.go", "acceptEdits") with data.agentctl.rules as no_rules with data.agentctl.tools as catalogue.tools
	d.decision == "allow"
}

unresolved_bash := {
	"tool": "Bash", "input": {"command": "$X"}, "mode": "default", "cwd": "/p", "home": "/h",
	"working_dirs": ["/p"], "facts": {
		"commands": [], "files": [], "parse_error": false,
		"unresolved": [{"reason": "dynamic-command-name", "text": "$X"}],
	},
}

test_unresolved_asks_at_tool_stage_when_a_bash_rule_could_hide if {
	guarded := object.union(no_rules, {"deny": object.union(empty, {"has_bash": true})})
	d := agentctl.decision with input as unresolved_bash with data.agentctl.rules as guarded with data.agentctl.tools as catalogue.tools
	d.decision == "ask"
	d.stage == "tool"
}

test_unresolved_without_guard_falls_back if {
	d := agentctl.decision with input as unresolved_bash with data.agentctl.rules as no_rules with data.agentctl.tools as catalogue.tools
	d.decision == "ask"
	d.stage == "default"
}

web(host, scheme) := {
	"tool": "WebFetch", "input": {"url": "x"}, "mode": "default", "cwd": "/p", "home": "/h",
	"working_dirs": ["/p"], "facts": {
		"commands": [], "files": [], "unresolved": [],
		"url": {"scheme": scheme, "host": host, "host_keys": [host, "example.com", "com", ""]},
	},
}

domain_allow := object.union(no_rules, {"allow": object.union(empty, {"domain": {"example.com": [{
	"id": 1, "text": "WebFetch(domain:*.example.com)", "behavior": "allow", "source": "projectSettings",
	"file": "f", "line": 1, "column": 1, "kind": "domain", "re": `^(?:[^.]+\.)+example\.com$`,
}]}})})

test_domain_allow_needs_http if {
	agentctl.decision.decision == "allow" with input as web("a.example.com", "https") with data.agentctl.rules as domain_allow with data.agentctl.tools as catalogue.tools
	agentctl.decision.decision == "ask" with input as web("a.example.com", "ftp") with data.agentctl.rules as domain_allow with data.agentctl.tools as catalogue.tools
	agentctl.decision.decision == "ask" with input as web("example.com", "https") with data.agentctl.rules as domain_allow with data.agentctl.tools as catalogue.tools
}

test_custom_deny_beats_bare_allow if {
	allow_all := object.union(no_rules, {"allow": object.union(empty, {"tool": {"Edit": [{
		"id": 1, "text": "Edit",
		"behavior": "allow", "source": "userSettings", "file": "f", "line": 1, "column": 1, "kind": "",
	}]}})})
	d := agentctl.decision with input as edit("/p/a.go", "default") with data.agentctl.rules as allow_all with data.agentctl.tools as catalogue.tools
		with data.agentctl.custom.deny as {"org says no"}
	d.decision == "deny"
	contains(d.reason, "org says no")
}

# Plan mode denies a write that would otherwise ask: a protected path, an
# ask rule; outside plan mode the ask rule asks.
test_plan_denies_protected_write if {
	d := agentctl.decision with input as edit("/p/.git/config", "plan") with data.agentctl.rules as no_rules with data.agentctl.tools as catalogue.tools
	d.decision == "deny"
	d.stage == "mode"
}

ask_edit := object.union(no_rules, {"ask": object.union(empty, {"tool": {"Edit": [{
	"id": 1, "kind": "", "text": "Edit", "behavior": "ask", "source": "flagSettings",
	"file": "f", "line": 1, "column": 1,
}]}})})

test_plan_denies_write_an_ask_rule_names if {
	d := agentctl.decision with input as edit("/p/a.go", "plan") with data.agentctl.rules as ask_edit with data.agentctl.tools as catalogue.tools
	d.decision == "deny"
	d.stage == "mode"
}

test_ask_rule_asks_outside_plan if {
	d := agentctl.decision with input as edit("/p/a.go", "acceptEdits") with data.agentctl.rules as ask_edit with data.agentctl.tools as catalogue.tools
	d.decision == "ask"
	d.stage == "ask"
}

# A Windows alias pattern in a file tool's path asks (Claude Code's
# suspicious-path check), inside the working directories too; bypass
# mode skips it.
test_windows_alias_asks if {
	every p in ["/p/GIT~1/config", "/p/sub./a", "/p/.../a", "/p/.env."] {
		d := agentctl.decision with input as edit(p, "acceptEdits") with data.agentctl.rules as no_rules with data.agentctl.tools as catalogue.tools
		d.decision == "ask"
		d.stage == "safety"
	}
}

test_windows_alias_neighbours_pass if {
	every p in ["/p/a~b.txt", "/p/x.tar.gz", "/p/a..b", "/p/.hidden"] {
		d := agentctl.decision with input as edit(p, "acceptEdits") with data.agentctl.rules as no_rules with data.agentctl.tools as catalogue.tools
		d.decision == "allow"
	}
	d := agentctl.decision with input as edit("/p/GIT~1/config", "bypassPermissions") with data.agentctl.rules as no_rules with data.agentctl.tools as catalogue.tools
	d.decision == "allow"
}
