package engine

import (
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/agentctl/agentctl/bashparse"
)

// mentionAnywhere stands a word whose directory is not known (a dynamic
// prefix, an unknown cwd) for every guarded path it could be: the word's
// static end under any directory.
func (e env) mentionAnywhere(m bashparse.File) []FileFact {
	p := m.Path
	if m.Tail != "" {
		p = m.Tail
	}
	if strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") {
		return e.mention(bashparse.File{Path: p, Access: m.Access, Via: m.Via, Glob: m.Glob, Tilde: m.Tilde}, e.cwd)
	}
	var out []FileFact
	for _, w := range e.walk.globs.suffixWitnesses(path.Clean(p)) {
		out = append(out, FileFact{Path: w, Resolved: w, Access: mentionAccess(m), Via: m.Via, Written: m.Path})
	}
	return out
}

// mentionAccess is a mention's access for the policy: "any" unless the
// operand table said read or write.
func mentionAccess(m bashparse.File) string {
	if m.Access == "" {
		return "any"
	}
	return string(m.Access)
}

// mention resolves a word that may name a file; a glob word stands for the
// guarded paths it could expand to.
func (e env) mention(m bashparse.File, dir string) []FileFact {
	if m.Tilde && !strings.HasPrefix(m.Path, "~/") && m.Path != "~" {
		return nil
	}
	c := e.clean(m.Path, dir)
	if tail, ok := e.processLinked(m.Path, dir, c); ok {
		// Whatever directory the link stands for, the word's end under it.
		if tail == "" || tail == "." {
			return nil
		}
		return e.mentionAnywhere(bashparse.File{Path: m.Path, Tail: tail, Access: m.Access, Via: m.Via, Glob: m.Glob})
	}
	var out []FileFact
	// Only words that a guard could match travel to the policy: most words
	// name nothing, and the policy matches the ones kept again.
	if r := e.res.quick(c); e.guards.matchAny(c) || (r != c && e.guards.matchAny(r)) {
		out = append(out, FileFact{Path: c, Resolved: r, Access: mentionAccess(m), Via: m.Via, Written: m.Path})
	}
	if m.Glob {
		for _, w := range e.walk.globs.globWitnesses(e.globAt(m.Path, dir)) {
			out = append(out, FileFact{Path: w, Resolved: w, Access: mentionAccess(m), Via: m.Via, Written: m.Path, Glob: true})
		}
	}
	return out
}

// operand resolves one shell file operand. A glob is expanded against the
// file system (the files it would touch now), kept as its static
// directory, and stands for every guarded path it could match (a file that
// does not exist yet, or differs at run time), so rules see all three.
func (e env) operand(op bashparse.File, dir string, dirUnknown bool, guess string) []FileFact {
	redirect := strings.ContainsAny(op.Via, "<>")
	base := FileFact{Access: string(op.Access), Via: op.Via, Written: op.Path, Redirect: redirect,
		Dynamic: op.Dynamic || dirUnknown, Glob: op.Glob, TildeOrGlob: op.Tilde || op.Glob, Tree: op.Tree,
		Removes: op.Removes}
	if op.Dynamic || dirUnknown {
		// Unknown until run time: keep the text so critical-path and
		// reason checks can see it; it is never inside a working directory.
		base.Path, base.Resolved = op.Path, op.Path
		out := []FileFact{base}
		if op.Access == bashparse.Write {
			for _, w := range shapeWitnesses(op) {
				ff := base
				ff.Path, ff.Resolved = w, w
				out = append(out, ff)
			}
			for _, w := range protectedPatternWitnesses(op.Path) {
				ff := base
				ff.Path, ff.Resolved = w, w
				out = append(out, ff)
			}
			if dirUnknown && !op.Dynamic && !op.Glob {
				// Each place the shell may stand (a cd to a variable's
				// literal value, or one that failed) is a witness too:
				// X=.git; cd $X && echo x > config writes .git/config.
				out = append(out, e.plainOperand(op, dir))
			}
			out = append(out, guessWitnesses(base, op, guess)...)
			out = append(out, e.guessFile(base, op, guess)...)
		}
		return out
	}
	p := op.Path
	if !op.Glob {
		return []FileFact{e.plainOperand(op, dir)}
	}
	abs, raw := e.globAt(p, dir), e.clean(p, dir)
	static := staticPrefix(abs)
	out := []FileFact{}
	matches, complete := boundedGlob(abs)
	g := base
	g.Path, g.Resolved = static, e.res.resolve(static)
	// A walk cut short may have missed what the shell will match: the
	// operand is then known only at run time.
	g.Dynamic = g.Dynamic || !complete
	out = append(out, g)
	sort.Strings(matches)
	for i, m := range matches {
		if i >= 1000 {
			break
		}
		ff := e.file(m, dir, base.Access, base.Via)
		ff.Written, ff.Redirect, ff.TildeOrGlob = op.Path, redirect, true
		out = append(out, ff)
	}
	for _, w := range e.walk.globs.globWitnesses(abs) {
		ff := base
		ff.Path, ff.Resolved = w, w
		out = append(out, ff)
	}
	if op.Access == bashparse.Write {
		for _, w := range protectedPatternWitnesses(raw) {
			ff := base
			ff.Path, ff.Resolved = w, w
			out = append(out, ff)
		}
	}
	return out
}

// plainOperand is operand for the common word: static, no glob, in a
// known directory — one file, and no list to hold it.
func (e env) plainOperand(op bashparse.File, dir string) FileFact {
	ff := e.file(op.Path, dir, string(op.Access), op.Via)
	ff.Redirect, ff.TildeOrGlob = strings.ContainsAny(op.Via, "<>"), op.Tilde
	ff.Removes = op.Removes
	return ff
}

// staticPrefix is the directory part of a glob before its first wildcard.
func staticPrefix(p string) string {
	i := globMetaAt(p)
	if j := braceAt(p); j >= 0 && (i < 0 || j < i) {
		i = j
	}
	if i < 0 {
		return unescapeGlob(p)
	}
	return unescapeGlob(filepath.Dir(p[:i+1]))
}
