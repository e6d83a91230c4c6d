package settings

import "path/filepath"

// CommandFiles lists the files a command the session itself runs to
// decide names by a path, as commandFiles finds them for hooks and the
// classifier, with the target of each that is a symbolic link: `agentctl
// run --permission-prompt-command tools/approve.sh` answers every ask with
// that script, so a session that rewrote it (acceptEdits allows edits in
// the working directory) would approve its own next calls. The caller adds
// them to PolicyFiles before the engine is built.
func CommandFiles(command, dir, home string) []string {
	var out []string
	for _, p := range scriptPaths(command, dir, home) {
		out = append(out, p)
		if r, err := filepath.EvalSymlinks(p); err == nil && r != p {
			out = append(out, r)
		}
	}
	return out
}
