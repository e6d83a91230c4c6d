package tools

import (
	"os"
	"path/filepath"
	"strings"
)

// homePath is a search tool's path that starts with "~" or "~/" made
// absolute under the home directory, as the permission engine reads it
// (and as Claude Code's tools expand it); ok is false for any other path.
// Taken as a name under the cwd instead, path "~/passwd" was decided as a
// file in the home directory while the tool opened <cwd>/~/passwd — and
// a repository's link <cwd>/~ → /etc made it read /etc/passwd. Without a
// home directory the path names no place the decision saw: it is refused.
func homePath(p string) (string, bool, error) {
	if p != "~" && !strings.HasPrefix(p, "~/") {
		return "", false, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", true, err
	}
	return filepath.Join(home, p[1:]), true, nil
}
