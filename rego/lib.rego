# Shared facts and rule matching for every stage. Standard built-ins only.
package agentctl.lib

# The tool catalogue (data.agentctl.tools, written by agentctl from its one
# catalogue): for each built-in tool the rule buckets its path rules live in
# (Edit rules cover every editing tool, Read rules the searching tools, spec
# §4), its family, whether it is read-only and whether it needs permission.
tool_spec := data.agentctl.tools[input.tool]

# file_tool holds for a tool that acts on one file or directory.
file_tool if tool_spec.family != ""

# read_only_tool holds for a tool that changes no file and runs nothing.
read_only_tool if tool_spec.read_only

# no_permission_tool holds for a tool that changes only the session's own state.
no_permission_tool if tool_spec.needs_permission == false

# Commands acceptEdits lets through on paths inside the working directories.
edit_commands := {"mkdir", "touch", "rm", "rmdir", "mv", "cp", "sed"}

# Edit commands acceptEdits lets through only without options: an option of
# cp or mv can move the destination (-t DIR), keep links as links (-P, -a,
# -r) or back up under another name (-S SUF); one of touch can take a time
# or a reference file. The reference CLI asks for every option of these
# three (even "--"), and so does agentctl.
optionless_edit_commands := {"mv", "cp", "touch"}

tool_keys := k if {
	k := array.concat(buckets, mcp_keys)
}

buckets := b if {
	b := tool_spec.buckets
} else := [input.tool]

mcp_keys := [sprintf("mcp__%s", [input.facts.mcp.server])] if {
	input.facts.mcp.server
} else := []

# The other servers an MCP tool's name can belong to (a server name holding
# "__" or ending in "_"): deny and ask rules on them match (spec §5: a
# server rule matches exactly that server).
mcp_alt_keys := [sprintf("mcp__%s", [s]) | some s in object.get(object.get(facts, "mcp", {}), "alt_servers", [])]

# An MCP tool's name whose server is not certain: no server-wide allow
# rule (mcp__server, an mcp__server__ glob) approves it; a rule naming the
# whole tool still does.
mcp_ambiguous if count(mcp_alt_keys) > 0

# The keys rules of behaviour b are looked up under.
rule_keys(b) := buckets if {
	b == "allow"
	mcp_ambiguous
} else := array.concat(tool_keys, mcp_alt_keys) if b != "allow"

else := tool_keys

# Tool-name globs of behaviour b that may match the call.
name_globs(b) := [] if {
	b == "allow"
	mcp_ambiguous
} else := data.agentctl.rules[b].globs

facts := object.get(input, "facts", {})

commands := object.get(facts, "commands", [])

top_commands := [c | some c in commands; not c.nested]

files := object.get(facts, "files", [])

# Words that may name a file the command opens (any access), and the files
# recursive walks may reach: deny and ask path rules see them (spec §3).
mentions := object.get(facts, "mentions", [])

reach := object.get(facts, "reach", [])

reach_certain := [r | some r in reach; r.certain]

reach_possible := [r | some r in reach; not r.certain]

# Unresolved parts that hide what would run (exec-style wrappers only limit
# which rules may approve, so they are not listed here).
hard_unresolved := [u | some u in object.get(facts, "unresolved", []); u.reason != "exec-wrapper"]

# Rule lookups go through references into data.agentctl.rules (never
# object.get on data, which would materialise whole indexes per call).

# Rules of behaviour b on the tool as a whole (bare, param, agent, MCP server)
# and tool-name globs that match its name. Indexed lookups only.
tool_rules(b) := array.concat(
	[r | some k in rule_keys(b); some r in data.agentctl.rules[b].tool[k]],
	[r | some r in name_globs(b); regex.match(r.name_re, input.tool)],
)

# Bash pattern rules indexed under a command's names (or "*").
bash_rules(b, c) := [r |
	some k in {c.narrow.name, c.wide.name, "*"}
	some r in data.agentctl.rules[b].bash[k]
]

all_bash_rules(b) := [r | some rs in data.agentctl.rules[b].bash; some r in rs]

has_bash_rules(b) if data.agentctl.rules[b].has_bash

# Path entries (one glob each) of a Read or Edit bucket indexed under the
# file's ancestors.
path_entries(b, kind, f) := [e |
	some k in entry_keys(b, f)
	some e in data.agentctl.rules[b].path[kind][k]
]

# Deny and ask path rules match case-insensitively (spec §4): their entries
# are indexed under lower-cased keys. Allow rules stay case-sensitive.
entry_keys(b, f) := f.keys if b == "allow"

else := {lower(k) | some k in f.keys}

has_path_rules(b) if data.agentctl.rules[b].has_path

domain_rules(b) := [r |
	some k in facts.url.host_keys
	some r in data.agentctl.rules[b].domain[k]
]

# --- matching -------------------------------------------------------------

# rule_matches_call holds when a deny or ask rule on the tool matches the call.
rule_matches_call(r) if r.kind == ""

rule_matches_call(r) if {
	r.kind == "param"
	v := input.input[r.param]
	param_value_matches(r.re, v)
}

# param_value_matches: the field's value when it is a scalar; when it is an
# array or object, any scalar inside it at any depth or any key. A tool
# whose schema agentctl does not know (an MCP server's) may take
# {"sql":["DROP TABLE t"]} for {"sql":"DROP TABLE t"}: a deny on
# sql:*DROP* must not pass it because it came wrapped.
param_value_matches(re, v) if {
	walk(v, [_, leaf])
	not is_object(leaf)
	not is_array(leaf)
	regex.match(re, scalar_text(leaf))
}

param_value_matches(re, v) if {
	walk(v, [path, _])
	some k in path
	is_string(k)
	regex.match(re, k)
}

# MultiEdit carries Edit's fields (old_string, new_string, replace_all) in
# each of its edits: a param rule sees them there too, or an
# Edit(new_string:…) deny would not stop the same edit made by MultiEdit.
rule_matches_call(r) if {
	r.kind == "param"
	input.tool == "MultiEdit"
	some e in object.get(input.input, "edits", [])
	is_object(e)
	v := e[r.param]
	not is_object(v)
	not is_array(v)
	regex.match(r.re, scalar_text(v))
}

# An Agent call without subagent_type runs the default agent,
# general-purpose: a deny or ask on that type stops it too.
rule_matches_call(r) if {
	r.kind == "agent"
	regex.match(r.re, object.get(input.input, "subagent_type", "general-purpose"))
}

# The Agent tool runs the type as it resolves it, trimmed and whatever its
# case (" explore", "EXPLORE" run Explore): a deny or ask names it so too.
rule_matches_call(r) if {
	r.kind == "agent"
	r.re != ""
	v := object.get(input.input, "subagent_type", "general-purpose")
	is_string(v)
	regex.match(concat("", ["(?i)", r.re]), trim_space(v))
}

rule_matches_call(r) if field_matches(r)

# field_matches: a deny or ask Skill(name) / SlashCommand(/x:*) /
# PowerShell(cmd *) rule matches when any of the tool's spec fields the
# input holds as a string matches, as written or as the tool reads it
# (trimmed, one leading "/" dropped: Skill runs "/deploy" and " deploy" as
# deploy). Skill has two such fields (skill, command) and which one the
# agent reads depends on its version: a call naming a harmless skill in one
# and a denied one in the other is the denied one.
field_matches(r) if {
	r.kind == "field"
	some f in r.fields
	v := input.input[f]
	is_string(v)
	some s in field_spellings(v)
	regex.match(r.re, s)
}

field_spellings(v) := {v, t, trim_prefix(t, "/")} if t := trim_space(v)

# field_allows: an allow field rule approves the call only when every spec
# field the input holds matches it as written (at least one, all strings).
field_allows(r) if {
	r.kind == "field"
	vs := [v | some f in r.fields; v := input.input[f]]
	count(vs) > 0
	every v in vs {
		is_string(v)
		regex.match(r.re, v)
	}
}

scalar_text(v) := v if is_string(v)

else := json.marshal(v)

# The path entry kinds that may match a file: Read rules see reads (and, for
# deny, every access: a Read deny also blocks writing), Edit rules see writes.
entry_kinds(b, f) := array.concat(access_kinds(b, f), own_kinds(f))

# Path rules written for a searching tool apply to that tool's own path
# (Grep, NotebookRead); those for Read and Edit are the access kinds already.
own_kinds(f) := [f.via] if {
	spec := data.agentctl.tools[f.via]
	spec.own_path_rules
	spec.family != f.via
}

else := []

access_kinds(b, f) := ["Read", "Edit"] if {
	f.access == "any"
} else := ["Read"] if {
	f.access == "read"
} else := ["Read", "Edit"] if {
	b == "deny"
} else := ["Edit"]

# file_matches(b, f) lists the path rules of behaviour b (deny or ask)
# matching either form of f. A folded entry holds a lower-cased glob,
# matched against the lower-cased path; any other the path as written.
file_matches(b, f) := {[e.id, object.remove(e, ["glob", "fold"])] |
	some kind in entry_kinds(b, f)
	some e in path_entries(b, kind, f)
	some p in {f.path, f.resolved}
	glob.match(e.glob, ["/"], case_form(e, p))
}

case_form(e, p) := lower(p) if e.fold

else := p

# matching(b) lists every deny or ask rule of behaviour b that matches, in
# precedence order, each once.
matching(b) := [r |
	some pair in sort((((call_pairs(b) | bash_pairs(b)) | file_pairs(b)) | domain_pairs(b)))
	r := pair[1]
]

call_pairs(b) := {[r.id, r] | some r in tool_rules(b); rule_matches_call(r)}

bash_pairs(b) := ((({[r.id, r] |
	some c in commands
	some r in bash_rules(b, c)
	some t in [c.narrow.text, c.wide.text]
	regex.match(r.re, t)
} | {[r.id, r] |
	# A rule's options in any spelling (engine/optionform.go).
	some c in commands
	some r in bash_rules(b, c)
	regex.match(r.option_re, c.option_form)
}) | {[r.id, r] |
	facts.parse_error
	some r in all_bash_rules(b)
	regex.match(r.re, input.input.command)
}) | compound_pairs(b)) | wrapper_pairs(b)

# A deny or ask rule naming a wrapper as a whole (Bash(nohup:*)) matches a
# command peeled of it (engine/bashwrapperrule.go).
wrapper_pairs(b) := {[r.id, r] |
	some r in data.agentctl.rules[b].wrappers
	some c in commands
	some v in [c.narrow, c.wide]
	some w in object.get(v, "peeled", [])
	w == r.wrapper
}

# A compound deny or ask rule (Bash(cd sub && npm test)) matches a call
# holding a command that matches each of its parts (engine/bashcompound.go).
compound_pairs(b) := {[r.id, r] |
	some r in data.agentctl.rules[b].compound
	every p in r.parts {
		some c in commands
		some t in [c.narrow.text, c.wide.text]
		regex.match(p, t)
	}
}

file_pairs(b) := {pair |
	some f in array.concat(array.concat(files, mentions), reach_certain)
	some pair in file_matches(b, f)
}

domain_pairs(b) := {[r.id, r] | some r in domain_rules(b); regex.match(r.re, facts.url.host)}

# --- places ---------------------------------------------------------------

in_dir(p, d) if p == d

in_dir(p, d) if startswith(p, concat("", [trim_suffix(d, "/"), "/"]))

in_wd(p) if {
	some d in input.working_dirs
	in_dir(p, d)
}

# file_in_wd: both the path and its symlink target are inside.
file_in_wd(f) if {
	not f.dynamic
	in_wd(f.path)
	in_wd(f.resolved)
}

protected_dirs := {".git", ".vscode", ".idea", ".husky", ".cargo", ".devcontainer", ".yarn", ".mvn", ".claude"}

protected_files := {
	".bashrc", ".bash_profile", ".bash_login", ".profile", ".zshrc", ".zprofile", ".zshenv",
	".zlogin", ".envrc", ".gitconfig", ".gitmodules", ".npmrc", ".mcp.json", ".claude.json",
	# Claude Code 2.1.332 also asks for these (its sensitive files).
	".bash_logout", ".bash_aliases", ".zlogout", ".yarnrc", ".yarnrc.yml", ".bunfig.toml", ".ripgreprc",
	".pre-commit-config.yaml",
}

strict_dirs := {".git", ".claude"}

protected_in(p, dirs) if {
	parts := split(lower(p), "/")
	some i, seg in parts
	seg in dirs
	not claude_worktree(parts, i)
}

claude_worktree(parts, i) if {
	parts[i] == ".claude"
	parts[i + 1] == "worktrees"
}

protected_path(p) if protected_in(p, protected_dirs)

protected_path(p) if {
	parts := split(lower(p), "/")
	parts[count(parts) - 1] in protected_files
}

protected_path(p) if contains(concat("", [lower(p), "/"]), "/.config/git/")

# protected(f, strict): a write to f must ask; strict ones even in bypass mode.
protected(f, false) if protected_path(f.path)

protected(f, false) if protected_path(f.resolved)

protected(f, true) if protected_in(f.path, strict_dirs)

protected(f, true) if protected_in(f.resolved, strict_dirs)

# policy_file(p): p is, or is under, a file or directory whose content is
# this session's policy (managed and user settings, trust records): a write
# there changes what later calls are decided by, so it asks in every mode.
policy_file(p) if {
	some q in object.get(input, "policy_files", [])
	in_dir(lower(p), lower(q))
}

# A directory above a policy file counts too: moving, removing or replacing
# it (mv ~/.config/agentctl x, ln -sfn repo ~/.config/agentctl) replaces the
# file below it. Names compare case-insensitively, as on macOS.
# The cwd and the directories above it are not counted: a walk or a
# command given "." (find . -delete, docker build .) does not replace the
# project's own hook files, and the project root moving is no attack.
policy_file(p) if {
	p != ""
	some q in object.get(input, "policy_files", [])
	in_dir(lower(q), lower(p))
	not in_dir(lower(input.cwd), lower(p))
}

protected(f, _) if policy_file(f.path)

protected(f, _) if policy_file(f.resolved)

rm_commands := {"rm", "rmdir", "unlink", "shred"}

critical_path(p) if p == "/"

critical_path(p) if count(split(trim_suffix(p, "/"), "/")) == 2

critical_path(p) if p == input.home

critical_path(p) if in_dir(input.cwd, p)

# removes(f): the command takes f away: a remover's operand, an mv source,
# the destination rsync --delete empties.
removes(f) if f.via in rm_commands

removes(f) if object.get(f, "removes", false)

# critical_rm(f): removing f removes the root, a top-level directory, home,
# or the cwd or one of its parents.
critical_rm(f) if {
	removes(f)
	some p in [f.path, f.resolved]
	critical_path(p)
}

critical_rm(f) if {
	removes(f)
	f.dynamic
	f.glob
}

# A remover that may remove a whole directory (rm -r, rmdir, xargs rm)
# given a word known only at run time may be removing any of them:
# rm -rf "$X", rm -rf $(dirname $PWD), cd "$D" && rm -rf .
critical_rm(f) if {
	removes(f)
	f.dynamic
	object.get(f, "tree", false)
}

# The cwd or the previous one by name: rm -rf "$PWD", mv $PWD ../x.
critical_rm(f) if {
	removes(f)
	f.dynamic
	regex.match(`^["']?\$\{?(PWD|OLDPWD)\}?["']?/*["']?$`, f.path)
}

critical_rm(f) if {
	removes(f)
	f.dynamic
	regex.match(`^["']?(\$HOME|\$\{HOME\}|~)`, f.path)
}

describe(r) := sprintf("%s from %s %s", [r.text, r.source, location(r)])

location(r) := sprintf("%s:%d", [r.file, r.line]) if r.line > 0

else := r.file

rule_ref(r) := {
	"text": r.text, "behavior": r.behavior, "source": r.source,
	"file": r.file, "line": r.line, "column": r.column,
}

# windows_alias(p): a component of p that Windows may read as another
# name: an 8.3 short name (~ and a digit), or a name ending in a dot that
# is not "." or "..", or three or more dots alone. Go: windowsAlias.
windows_alias(p) if regex.match(`~[0-9]`, p)

windows_alias(p) if regex.match(`[^/.]\.+(/|$)`, p)

windows_alias(p) if regex.match(`(^|/)\.\.\.+(/|$)`, p)

# A backslash is a separator to Windows: a name ending in dots before one,
# or a component of two or more dots beside one, names another file there
# (x\..\.git\config is .git\config). Go: windowsBackslashAlias.
windows_alias(p) if regex.match(`[^/\\.]\.+\\|(^|[/\\])\.\.+\\|\\\.\.+([/\\]|$)`, p)
