# Stage 3: tool-specific checks that no allow rule can answer.
package agentctl.tool

import data.agentctl.lib

# A Bash deny or ask rule exists that an unresolved part could hide from
# (spec §3: with none, a bare Bash allow approves unresolved parts).
guarded if {
	some b in ["deny", "ask"]
	lib.has_bash_rules(b)
}

path_guarded if {
	some b in ["deny", "ask"]
	lib.has_path_rules(b)
}

findings contains sprintf("cannot be resolved statically (%s): %s; a deny or ask rule could be hidden behind it", [u.reason, u.text]) if {
	input.tool == "Bash"
	guarded
	some u in lib.hard_unresolved
}

findings contains sprintf("output redirection target %q contains ~ or a glob character", [f.written]) if {
	input.tool == "Bash"
	some f in lib.files
	f.access == "write"
	f.redirect
	f.tilde_or_glob
}

findings contains sprintf("cd to %s, outside the working directories, combined with git", [f.path]) if {
	input.tool == "Bash"
	some f in lib.files
	f.via == "cd"
	not lib.file_in_wd(f)
	some c in lib.commands
	c.wide.name == "git"
}

findings contains sprintf("file operand %s of %s is not static; a Read or Edit deny or ask rule could be hidden behind it", [f.written, f.via]) if {
	input.tool == "Bash"
	path_guarded
	some f in lib.files
	f.dynamic
}
