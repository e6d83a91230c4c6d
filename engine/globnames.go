package engine

import (
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
	if literalCore(rel[strings.LastIndexByte(rel, '/')+1:]) == "" {
		return nil
	}
	// Glob's pattern is anchored at its directory: a leading "/" keeps
	// includeKeeps from matching the last segment at any depth.
	t := bashparse.Tree{Access: bashparse.Read, Via: "Glob", Root: d, Include: []string{"/" + rel}}
	var out []string
	for _, r := range e.walk.treeWitnessesBy(d, t, false) {
		if aimedAt(r, t) {
			out = append(out, r.Path)
		}
	}
	return out
}
