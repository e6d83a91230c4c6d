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
