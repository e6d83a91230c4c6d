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
