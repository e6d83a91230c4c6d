package engine

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/agentctl/agentctl/bashparse"
)

// What a Glob pattern aims at: the guarded directories its directory part
// fills through a wildcard (aimedDirs) and the guarded files its last
// segment selects (aimedNames). Both are reads of what they name.

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

// aimedDirs lists the guarded directories whose entries Glob pattern pat
// (absolute, one brace alternative) lists by aiming at them: a wildcard
// segment of its directory part, before any "**", that keeps a literal
// part of its own ("s[e]cret", "s?cret", "secre*") and that a guard's name
// fills. Glob "secret/*" reads the directory secret, and so does
// "s[e]cret/*": listing its names is reading it, as `ls s[e]cret/` is.
// Segments that aim at nothing ("*", "[a-z]*", ".*") list every
// directory alike and leave guarded names to the tool's own exclusion,
// as Grep's include globs do (aimedAt): "*/package.json" stays allowed.
func (e env) aimedDirs(pat string) []string {
	if e.walk == nil || len(e.walk.globs) == 0 {
		return nil
	}
	i := strings.LastIndexByte(pat, '/')
	if i <= 0 {
		return nil
	}
	segs := strings.Split(pat[:i], "/")
	aimed := false
	for k, seg := range segs {
		if seg == "**" {
			segs = segs[:k]
			break
		}
		if globMetaAt(seg) >= 0 && literalCore(seg) != "" {
			aimed = true
		}
	}
	if !aimed {
		return nil
	}
	return e.walk.globs.globWitnesses(strings.Join(segs, "/"))
}

// literalCore is what a glob segment spells besides its wildcards: its
// bracket expressions and *, ? and escapes left out, and the dots around
// the rest ("s[e]cret" → "scret", "*.env" → "env", ".*" → "").
func literalCore(seg string) string {
	var b strings.Builder
	for i := 0; i < len(seg); i++ {
		switch c := seg[i]; c {
		case '[':
			if j := strings.IndexByte(seg[i+1:], ']'); j >= 0 {
				i += j + 1
				continue
			}
		case '*', '?', '\\':
			continue
		default:
			b.WriteByte(c)
		}
	}
	return strings.Trim(b.String(), ".")
}
