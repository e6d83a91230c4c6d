package engine

import (
	"strings"
	"testing"
)

// protectedInSplit is lib.protected_in as the Rego writes it.
func protectedInSplit(p string, dirs map[string]bool) bool {
	parts := strings.Split(strings.ToLower(p), "/")
	for i, seg := range parts {
		if dirs[seg] && !(seg == ".claude" && i+1 < len(parts) && parts[i+1] == "worktrees") {
			return true
		}
	}
	return false
}

func TestProtectedIn(t *testing.T) {
	for _, p := range []string{"", "/", "/a/.git", "/a/.GIT/x", "/a/.claude", "/a/.claude/", "/a/.claude/worktrees",
		"/a/.claude/worktrees/x", "/a/.claude/worktreesx", ".claude/worktrees", ".git", "/a//.git//", "/a/.vscode/x",
		"/a/.Claude/Worktrees/.git", "/a/.claude/.claude/worktrees", "/x.git/y", "/a/.idea"} {
		for _, dirs := range []map[string]bool{regoProtectedDirs, regoStrictDirs} {
			if got, want := protectedIn(p, dirs), protectedInSplit(p, dirs); got != want {
				t.Errorf("protectedIn(%q) = %v, want %v", p, got, want)
			}
		}
	}
}
