package engine

import (
	"errors"
	"io/fs"
	"os"
	"strings"
	"syscall"
)

// walkedVia ends the Via of the protected file bashparse lets stand for
// what a changing walk (find -delete, find -exec sed -i, chmod -R) visits.
const walkedVia = " (the files it walks)"

// walkTops are the first components of those stand-in files
// (bashparse's walkWitnesses).
var walkTops = map[string]bool{".git": true, ".claude": true, ".gitmodules": true, ".envrc": true, ".npmrc": true,
	".mcp.json": true, ".vscode": true, ".devcontainer": true, ".husky": true}

// walkMayHold reports whether a changing walk's stand-in protected file w
// (ROOT/.git/hooks/pre-commit) may really be under the walk: its root is
// the cwd or above it (the session's own .git and .claude are there,
// existing or about to), or a protected entry (.git, .claude, …) exists
// at ROOT's top now. A walk of another
// directory holding no such entry at its top is not taken to hold a nested
// repository deeper down: chmod -R 755 src runs in bypassPermissions mode.
func (e env) walkMayHold(w string) bool {
	segs := strings.Split(w, "/")
	for i := len(segs) - 1; i > 0; i-- {
		if !walkTops[strings.ToLower(segs[i])] {
			continue
		}
		root := strings.Join(segs[:i], "/")
		if root == "" {
			root = "/"
		}
		if inDir(e.cwd, root) {
			return true
		}
		// Any protected entry at the root's top, not only the one the
		// stand-in names: a root with .claude but no .git holds one too.
		for top := range walkTops {
			// Only "no such entry" clears it (a file root has none);
			// any other error fails closed.
			_, err := os.Lstat(root + "/" + top)
			if err == nil || !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) {
				return true
			}
		}
		return false
	}
	return true
}
