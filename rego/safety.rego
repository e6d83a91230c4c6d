# Stage 4: safety checks. Writes to protected paths and critical-path rm ask
# whatever the allow rules say; only deny rules go further.
package agentctl.safety

import data.agentctl.lib

bypass := input.mode == "bypassPermissions"

findings contains sprintf("rm of a critical path: %s", [f.path]) if {
	some f in lib.files
	lib.critical_rm(f)
}

findings contains sprintf("write to protected path %s", [f.path]) if {
	not bypass
	some f in lib.files
	f.access == "write"
	lib.protected(f, false)
}

findings contains sprintf("write to protected path %s (asks even in bypassPermissions mode)", [f.path]) if {
	bypass
	some f in lib.files
	f.access == "write"
	lib.protected(f, true)
}

# A write that changes the content of a file with other hard links asks in
# every mode: another name of the same file may be protected
# (.git/hooks/pre-commit, .claude/settings.json), and no rule can tell.
findings contains sprintf("write to %s: the file has other hard links, and one may be a protected path", [f.path]) if {
	some f in lib.files
	f.access == "write"
	object.get(f, "links", 0) > 1
}

# A file tool's path with a Windows alias pattern asks, as Claude Code's
# does: an 8.3 short name (GIT~1 is .git on NTFS), a name ending in dots
# (".git." is .git), a name of three or more dots. Bypass mode skips it.
findings contains sprintf("path %s contains a suspicious Windows path pattern (8.3 short name, trailing dots, or dots beside a backslash)", [f.path]) if {
	not bypass
	lib.file_tool
	some f in lib.files
	lib.windows_alias(f.path)
}

# An Agent (Task) call that starts its subagent in a permission mode wider
# than the session's own asks in every mode but bypassPermissions: the
# model must not raise its own powers by delegating (the subagent's calls
# would be decided in that mode). A mode agentctl does not know asks too.
findings contains sprintf("%s starts a subagent in mode %s, wider than the session's %s mode", [input.tool, m, input.mode]) if {
	not bypass
	input.tool == "Agent"
	m := input.input.mode
	is_string(m)
	not within_session_mode(m)
}

within_session_mode(m) if mode_rank[m] <= mode_rank[input.mode]

findings contains sprintf("%s starts a subagent in a mode that is not a mode's name", [input.tool]) if {
	not bypass
	input.tool == "Agent"
	not is_string(input.input.mode)
	"mode" in object.keys(input.input)
}

# mode_rank orders the permission modes by what they let through unasked.
mode_rank := {"plan": 0, "dontAsk": 0, "default": 1, "acceptEdits": 2, "auto": 3, "bypassPermissions": 4}
