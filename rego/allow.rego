# Stage 6: allow rules. A call is allowed when every part of it is approved,
# by an allow rule or by the mode; allow rules stay narrow (spec §3).
package agentctl.allow

import data.agentctl.lib
import data.agentctl.mode

rules := lib.tool_rules("allow")

# A rule on the whole tool (Bash, Read, mcp__server, an mcp__server__ glob).
whole_tool := [r | some r in rules; r.kind == ""]

# The whole-tool rules that approve a call wherever its files are. For a
# file tool that is only its own bare name (Read for Read, Write for
# Write): another tool's rule (Edit for Write or NotebookEdit) and the
# Tool(*) spelling approve files inside the working directories only
# (whole_inside) — the reference asks for a Write outside them under
# Edit or Write(*), and for a Read outside them under Read(*).
whole_everywhere := whole_tool if not lib.file_tool

else := [r | some r in whole_tool; r.text == input.tool]

whole_inside := [r | some r in whole_tool; r.text != input.tool] if lib.file_tool

else := []

# A command sent to the background (cmd &) is approved by no Bash pattern
# rule: it runs on past the call (the reference CLI asks for npm run build &
# under Bash(npm run *)). A bare Bash allow still approves it.
cmd_rules(c) := [r |
	count(object.get(c.narrow, "assigns", [])) == 0
	not c.narrow.dynamic_name
	not c.background
	some r in lib.bash_rules("allow", c)
	regex.match(r.re, object.get(c.narrow, "quoted", c.narrow.text))
	exact_if_exec(r, c)
	confined_ok(r)
]

# An untrusted repository's Bash rule (confined) approves no command of a
# call whose words name a place outside the working directories.
confined_ok(r) if not r.confined

confined_ok(r) if {
	r.confined
	every f in object.get(input.facts, "named", []) {
		lib.file_in_wd(f)
	}
}

# Exec-style wrappers and commands with powers (options that run another
# program, write a named file or read instructions from elsewhere) need an
# exact rule: a prefix rule approves arguments, not new powers (spec §3).
exact_if_exec(_, c) if {
	not c.exec_wrapper
	count(object.get(c, "powers", [])) == 0
}

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

# Bare Read/Edit allows approve shell reads/writes inside the working
# directories; outside them a path rule must name the file (the reference
# CLI asks for cp x /tmp/y under Bash(cp:*) and Edit).
file_family_rules(f) := [r |
	lib.file_in_wd(f)
	kind := {"read": "Read", "write": "Edit"}[f.access]
	some r in data.agentctl.rules.allow.tool[kind]
	r.kind == ""
]

# Per-part results are partial objects indexed by position: OPA computes
# each once per decision (functions would be re-evaluated at every call).
cmd_allowed_by[i] := rs if {
	some i, c in lib.top_commands
	rs := cmd_rules(c)
}

file_allowed_by[i] := rs if {
	some i, f in lib.files
	rs := array.concat(array.concat(file_rules(f), file_family_rules(f)), whole_inside_rules(f))
}

# whole_inside_rules(f): the file tool's whole-tool rules that approve f,
# a file inside the working directories.
whole_inside_rules(f) := whole_inside if lib.file_in_wd(f)

else := []

cmd_approved[i] if {
	some i, c in lib.top_commands
	mode.cmd_ok(c)
}

cmd_approved[i] if count(cmd_allowed_by[i]) > 0

file_approved[i] if {
	some i, f in lib.files
	mode.file_ok(f)
}

file_approved[i] if count(file_allowed_by[i]) > 0

# used lists the allow rules that approved some part, each once, in order.
used := [r | some pair in sort(pairs); r := pair[1]]

pairs contains [r.id, r] if {
	some r in whole_everywhere
}

pairs contains [r.id, r] if {
	some rs in cmd_allowed_by
	some r in rs
}

pairs contains [r.id, r] if {
	some rs in file_allowed_by
	some r in rs
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

pairs contains [r.id, r] if {
	some r in rules
	lib.field_allows(r)
}

# ok holds when allow rules (with the mode's help) approve the whole call.
ok if count(whole_everywhere) > 0

ok if {
	input.tool == "Bash"
	count(lib.hard_unresolved) == 0
	count(lib.commands) > 0
	every i, _ in lib.top_commands {
		cmd_approved[i]
	}
	every i, _ in lib.files {
		file_approved[i]
	}
}

ok if {
	lib.file_tool
	count(lib.files) > 0
	every i, _ in lib.files {
		file_approved[i]
	}
}

ok if {
	not lib.file_tool
	input.tool != "Bash"
	count(used) > 0
}

# unapproved names what still needs a person's approval.
unapproved contains sprintf("command %q", [c.narrow.text]) if {
	some i, c in lib.top_commands
	not cmd_approved[i]
}

unapproved contains sprintf("%s %s (%s)", [f.access, f.path, where(f)]) if {
	some i, f in lib.files
	not file_approved[i]
}

unapproved contains sprintf("unresolved %s: %s", [u.reason, u.text]) if {
	some u in lib.hard_unresolved
}

where(f) := "not static" if f.dynamic

else := "outside the working directories" if not lib.file_in_wd(f)

else := "no allow rule covers it"
