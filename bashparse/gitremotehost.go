package bashparse

import "strings"

// git ls-remote and git remote show read their operand as a repository:
// a configured remote's name, a URL, a local path, or — what the shared
// host test (operandNamesHost) missed — an scp-like [user@]host:path whose
// host has no dot (an ssh alias, a name the resolver's search list
// completes) and a transport helper's <transport>::<address>. Checked with
// git 2.39: git ls-remote u@box:x and box:x ran the ssh command for host
// box; x::y runs git-remote-x. Each sends the command line's words to a
// host the command line chose, as a URL operand does.

// gitRemoteEntries are the table entries whose operands git reads as a
// repository.
var gitRemoteEntries = map[string]bool{"git ls-remote": true, "git remote show": true}

// gitRemoteNamesHost reports an operand of a gitRemoteEntries entry that
// git reads as a remote host: a transport helper address, or a colon
// before any slash (connect.c url_is_local_not_ssh: an scp-like
// address, not a local path).
func gitRemoteNamesHost(entry, v string) bool {
	if !gitRemoteEntries[entry] {
		return false
	}
	if strings.Contains(v, "::") {
		return true
	}
	colon := strings.IndexByte(v, ':')
	if colon < 0 {
		return false
	}
	slash := strings.IndexByte(v, '/')
	return slash < 0 || colon < slash
}
