package settings

import "path/filepath"

// dotenvLast reports whether the walk up from the cwd for .env files
// stops after dir. Gemini CLI loads the first .env it finds from its cwd
// up to the filesystem root, not only up to the git root: a session
// started in a subdirectory of an unpacked archive (no .git, so the root
// is the cwd) or of a repository inside a directory a download left a .env
// in got that file's BASH_ENV, unseen by a walk that stopped at the root.
// The walk goes on above the root up to the home directory, which (with
// what is above it) holds the user's own .env, not the repository's.
func dotenvLast(dir, root, home string) bool {
	parent := filepath.Dir(dir)
	if parent == dir {
		return true
	}
	if within(root, parent) {
		return false // the repository's own, up to its root
	}
	return within(parent, filepath.Clean(home))
}
