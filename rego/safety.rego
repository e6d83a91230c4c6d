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

# A file tool's path with a Windows alias pattern asks, as Claude Code's
# does: an 8.3 short name (GIT~1 is .git on NTFS), a name ending in dots
# (".git." is .git), a name of three or more dots. Bypass mode skips it.
findings contains sprintf("path %s contains a suspicious Windows path pattern (8.3 short name or trailing dots)", [f.path]) if {
	not bypass
	lib.file_tool
	some f in lib.files
	lib.windows_alias(f.path)
}
