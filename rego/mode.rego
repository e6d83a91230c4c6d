# Stage 5: the permission mode. bypassPermissions allows, plan denies what is
# not read-only, and every mode approves what it lets through without asking.
package agentctl.mode

import data.agentctl.lib

# read_only holds when the call writes and executes nothing.
read_only if {
	lib.read_only_tool
}

read_only if {
	input.tool == "Bash"
	count(lib.hard_unresolved) == 0
	every c in lib.commands {
		c.read_only
		not c.exec_wrapper
	}
	every f in lib.files {
		f.access == "read"
	}
}

# cmd_ok(c): the mode runs command c without asking.
cmd_ok(c) if {
	c.read_only
	not c.exec_wrapper
	count(object.get(c, "powers", [])) == 0
}

# An edit command approved by acceptEdits edits files; one with a power
# (sed -i '1e curl …' f runs a program) is more than an edit.
cmd_ok(c) if {
	input.mode == "acceptEdits"
	c.narrow.name in lib.edit_commands
	not edit_with_option(c)
	count(object.get(c.narrow, "assigns", [])) == 0
	count(object.get(c, "powers", [])) == 0
}

# edit_with_option(c): a cp, mv or touch given an option (lib.optionless_edit_commands).
edit_with_option(c) if {
	c.narrow.name in lib.optionless_edit_commands
	some a in object.get(c.narrow, "args", [])
	startswith(a, "-")
}

# file_ok(f): the mode lets the call touch f without asking.
file_ok(f) if {
	f.access == "read"
	lib.file_in_wd(f)
}

file_ok(f) if {
	input.mode in {"acceptEdits", "bypassPermissions"}
	f.access == "write"
	lib.file_in_wd(f)
	not lib.protected(f, false)
}

# approves holds when the mode alone approves the whole call.
approves if lib.no_permission_tool

approves if {
	input.tool == "Bash"
	count(lib.hard_unresolved) == 0
	count(lib.commands) > 0
	every c in lib.top_commands {
		cmd_ok(c)
	}
	every f in lib.files {
		file_ok(f)
	}
}

approves if {
	lib.file_tool
	count(lib.files) > 0
	every f in lib.files {
		file_ok(f)
	}
}

result := {"decision": "allow", "reason": "bypassPermissions mode allows everything no rule denies or asks about"} if {
	input.mode == "bypassPermissions"
} else := {"decision": "deny", "reason": sprintf("plan mode: %s is not read-only; leave plan mode (ExitPlanMode) first", [input.tool])} if {
	input.mode == "plan"
	not read_only
} else := {"decision": "allow", "reason": reason} if {
	approves
	reason := approve_reason
}

approve_reason := "the tool needs no permission" if {
	lib.no_permission_tool
} else := read_only_reason if {
	input.tool == "Bash"
	read_only
} else := sprintf("%s mode: edits inside the working directories", [input.mode]) if {
	not read_only
} else := "read inside the working directories"

# read_only_reason names the command table entries that made commands
# read-only (none for Claude Code's core list).
read_only_reason := "read-only command" if {
	count(table_refs) == 0
} else := sprintf("read-only command (command table: %s)", [concat(", ", sort(table_refs))])

table_refs contains sprintf("%s at %s:%d", [r.entry, r.file, r.line]) if {
	some c in lib.commands
	r := c.read_only_by
}
