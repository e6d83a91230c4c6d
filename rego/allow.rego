# Stage 6: allow rules. A call is allowed when every part of it is approved,
# by an allow rule or by the mode; allow rules stay narrow (spec §3).
package agentctl.allow

import data.agentctl.lib
import data.agentctl.mode

rules := lib.tool_rules("allow")

# A rule on the whole tool (Bash, Read, mcp__server, an mcp__server__ glob).
whole_tool := [r | some r in rules; r.kind == ""]

cmd_rules(c) := [r |
	count(object.get(c.narrow, "assigns", [])) == 0
	not c.narrow.dynamic_name
	some r in lib.bash_rules("allow", c)
	regex.match(r.re, c.narrow.text)
	exact_if_exec(r, c)
]

exact_if_exec(_, c) if not c.exec_wrapper

exact_if_exec(r, _) if r.exact

# file_rules(f): path allow rules matching the path and its symlink target.
file_rules(f) := [r |
	some kind in lib.entry_kinds("allow", f)
	entries := lib.path_entries("allow", kind, f)
	some e in entries
	glob.match(e.glob, ["/"], f.path)
	some e2 in entries
	e2.id == e.id
	glob.match(e2.glob, ["/"], f.resolved)
	r := object.remove(e, ["glob"])
]

# Bare Read/Edit allows approve shell reads/writes anywhere too.
file_family_rules(f) := [r |
	kind := {"read": "Read", "write": "Edit"}[f.access]
	some r in data.agentctl.rules.allow.tool[kind]
	r.kind == ""
]

cmd_approved(c) if mode.cmd_ok(c)

cmd_approved(c) if count(cmd_rules(c)) > 0

file_approved(f) if mode.file_ok(f)

file_approved(f) if count(file_rules(f)) > 0

file_approved(f) if count(file_family_rules(f)) > 0

# used lists the allow rules that approved some part, each once, in order.
used := [r | some pair in sort(pairs); r := pair[1]]

pairs contains [r.id, r] if {
	some r in whole_tool
}

pairs contains [r.id, r] if {
	some c in lib.top_commands
	some r in cmd_rules(c)
}

pairs contains [r.id, r] if {
	some f in lib.files
	some r in array.concat(file_rules(f), file_family_rules(f))
}

pairs contains [r.id, r] if {
	input.facts.url.scheme in {"http", "https"}
	some r in lib.domain_rules("allow")
	regex.match(r.re, input.facts.url.host)
}

pairs contains [r.id, r] if {
	some r in rules
	r.kind == "agent"
	regex.match(r.re, object.get(input.input, "subagent_type", ""))
}

# ok holds when allow rules (with the mode's help) approve the whole call.
ok if count(whole_tool) > 0

ok if {
	input.tool == "Bash"
	count(lib.hard_unresolved) == 0
	count(lib.commands) > 0
	every c in lib.top_commands {
		cmd_approved(c)
	}
	every f in lib.files {
		file_approved(f)
	}
}

ok if {
	input.tool in lib.file_tools
	count(lib.files) > 0
	every f in lib.files {
		file_approved(f)
	}
}

ok if {
	not input.tool in lib.file_tools
	input.tool != "Bash"
	count(used) > 0
}

# unapproved names what still needs a person's approval.
unapproved contains sprintf("command %q", [c.narrow.text]) if {
	some c in lib.top_commands
	not cmd_approved(c)
}

unapproved contains sprintf("%s %s (%s)", [f.access, f.path, where(f)]) if {
	some f in lib.files
	not file_approved(f)
}

unapproved contains sprintf("unresolved %s: %s", [u.reason, u.text]) if {
	some u in lib.hard_unresolved
}

where(f) := "not static" if f.dynamic

else := "outside the working directories" if not lib.file_in_wd(f)

else := "no allow rule covers it"
