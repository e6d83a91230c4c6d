package engine

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/agentctl/agentctl/bashparse"
)

// aimedNames lists the guarded files that Glob pattern pat (absolute,
// cleaned, one brace alternative) surely lists by name: its last segment
// keeps a literal part of its own ("shado[w]", ".e?v", or ".env" below a
// "**") and selects a guarded file that exists under the pattern's static
// directory. Glob "/etc/shadow" reads that file's name under
// Read(//etc/shadow), and so must "/etc/shado[w]" and "**/.env": each is
// the literal pattern spelled another way, as Grep's include globs are
// weighed (aimedAt). A last segment that aims at nothing ("*", "*.*")
// lists every file alike and leaves guarded names to the tool's own
// exclusion: "**/*.go" and "src/*" stay allowed.
func (e env) aimedNames(pat string) []string {
	if e.walk == nil || len(e.walk.globs) == 0 {
		return nil
	}
	d := staticPrefix(pat)
	rel, ok := strings.CutPrefix(pat, strings.TrimSuffix(d, "/")+"/")
	if !ok || rel == "" || globMetaAt(pat) < 0 && !strings.Contains(rel, "**") {
		return nil // no wildcard: the pattern is a path, checked as one
	}
	last := strings.LastIndexByte(rel, '/')
	dirAimed := last > 0 && aimsDir(rel[:last])
	if !dirAimed && literalCore(rel[last+1:]) == "" {
		return nil
	}
	// Glob's pattern is anchored at its directory: a leading "/" keeps
	// includeKeeps from matching the last segment at any depth.
	t := bashparse.Tree{Access: bashparse.Read, Via: "Glob", Root: d, Include: []string{"/" + rel}}
	var out []string
	for _, r := range e.walk.treeWitnessesBy(d, t, false) {
		if aimedAt(r, t) || dirAimed && parentExists(r.Path) {
			out = append(out, r.Path)
		}
	}
	return out
}

// aimsDir reports a Glob pattern's directory part (below its static
// directory) with a segment that keeps a literal part of its own:
// "**/.ssh" and "*/secre?" aim at the directories they fill, and list
// their entries ("**/.ssh/*" lists ~/.ssh as ".ssh/*" does).
// "*", "**" and "[a-z]*" aim at nothing.
func aimsDir(dirs string) bool {
	for _, seg := range strings.Split(dirs, "/") {
		if literalCore(seg) != "" {
			return true
		}
	}
	return false
}

// parentExists reports whether the directory holding a walk's witness
// exists: a guarded directory the pattern aims at lists its entries, a
// name the guard was filled with or not.
func parentExists(p string) bool {
	st, err := os.Stat(filepath.Dir(p))
	return err == nil && st.IsDir()
}
