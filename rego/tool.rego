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

# A file tool's path through a process link (/proc/PID/cwd, /dev/fd/N, a
# symlink to /proc/self/cwd) names what the opening process sees when it
# opens it, and one longer than PATH_MAX that cannot be resolved is known
# no better: no deny or ask rule can be checked against it beforehand.
findings contains sprintf("path %s is known only when it is opened (a process link, or a name longer than PATH_MAX); a Read or Edit deny or ask rule could be hidden behind it", [f.written]) if {
	input.tool != "Bash"
	path_guarded
	some f in lib.files
	f.dynamic
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

# A subdirectory can carry its own .git with hooks and config: a directory
# change combined with git asks, inside the working directories too.
findings contains sprintf("%s to %s combined with git", [f.via, f.written]) if {
	input.tool == "Bash"
	some f in lib.files
	f.via in {"cd", "pushd", "git -C", "git --git-dir", "git --work-tree"}
	f.path != input.cwd
	some c in lib.commands
	c.wide.name == "git"
}

# A directory change combined with a file write asks outside bypass mode,
# as the reference CLI does ("commands that change directories and perform
# write operations require explicit approval"): which file a relative
# operand names depends on where the command really is when it runs.
findings contains sprintf("%s to %s combined with a file write", [f.via, f.written]) if {
	input.tool == "Bash"
	input.mode != "bypassPermissions"
	some f in lib.files
	f.via in {"cd", "pushd"}
	f.path != input.cwd
	some w in lib.files
	w.access == "write"
}

# A recursive reader or writer whose tree could hold a path under a deny
# rule asks (decided from the rule patterns, no tree walk); its own
# filters that certainly select the path deny it in the deny stage.
findings contains sprintf("%s over %s could %s %s (under deny rule %s)", [f.via, f.root, verb(f), f.path, lib.describe(r)]) if {
	input.tool == "Bash"
	some f in lib.reach_possible
	some pair in lib.file_matches("deny", f)
	r := pair[1]
}

# An ask rule's path reached the same way asks too (its certain reach is an
# ask in the ask stage).
findings contains sprintf("%s over %s could %s %s (under ask rule %s)", [f.via, f.root, verb(f), f.path, lib.describe(r)]) if {
	input.tool == "Bash"
	some f in lib.reach_possible
	some pair in lib.file_matches("ask", f)
	r := pair[1]
}

verb(f) := "read" if f.access == "read"

else := "write"

findings contains sprintf("file operand %s of %s is not static; a Read or Edit deny or ask rule could be hidden behind it", [f.written, f.via]) if {
	input.tool == "Bash"
	path_guarded
	some f in lib.files
	f.dynamic
}
