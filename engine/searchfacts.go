package engine

import (
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/agentctl/agentctl/bashparse"
)

// searchFacts adds what a search tool reaches beyond its `path` (spec §4:
// Read rules cover Glob and Grep): f.Files[0] is that path's fact.
//
// Glob's pattern is a path of its own: "/etc/*", "../secrets/*" or
// "{src,/home/u/.ssh}/*" list a directory the path never names, so each of
// the pattern's static directories (one per brace alternative) is read too.
//
// Grep's glob selects files below the path the way `rg --glob` does: a
// glob that names a file under a Read deny or ask rule (".env",
// "**/.env", "secrets/**"), or aims at one that exists (*.env), surely
// reads it, a certain reach the deny and ask stages see. A glob that only
// may select one (*.go, *) leaves the tool's own exclusion of guarded
// files to keep them out.
func (e env) searchFacts(tool string, in map[string]any, f Facts) Facts {
	if len(f.Files) == 0 {
		return f
	}
	switch tool {
	case "Glob":
		pat, _ := in["pattern"].(string)
		if pat == "" {
			return f
		}
		seen := map[string]bool{f.Files[0].Path: true}
		for _, alt := range braceAlternatives(pat) {
			p := alt
			if !filepath.IsAbs(p) {
				// The search directory is a name, the pattern a glob: a
				// directory "p[1]" or "a*" must not end the static prefix.
				p = globEscaper.Replace(f.Files[0].Path) + "/" + p
			}
			c := e.clean(p, f.Files[0].Path)
			d := staticPrefix(c)
			if !seen[d] {
				seen[d] = true
				f.Files = append(f.Files, e.file(d, e.cwd, "read", tool))
			}
			for _, w := range append(e.aimedDirs(c), e.aimedNames(c)...) {
				if !seen[w] {
					seen[w] = true
					f.Files = append(f.Files, e.file(w, e.cwd, "read", tool))
				}
			}
		}
	case "Grep":
		g, _ := in["glob"].(string)
		if g == "" || e.walk == nil {
			return f
		}
		t := bashparse.Tree{Access: bashparse.Read, Via: tool, Root: f.Files[0].Path}
		for _, x := range grepGlobs(g) {
			if ex, ok := strings.CutPrefix(x, "!"); ok {
				t.Exclude = append(t.Exclude, ex)
			} else {
				t.Include = append(t.Include, x)
			}
		}
		roots := []string{f.Files[0].Path}
		if r := f.Files[0].Resolved; r != "" && r != roots[0] {
			roots = append(roots, r)
		}
		for _, root := range roots {
			for _, r := range e.walk.treeWitnessesBy(root, t, false) {
				r.Certain = r.Certain || aimedAt(r, t)
				f.Reach = append(f.Reach, r)
			}
		}
	}
	return f
}

// aimedAt reports a witness that exists and that an include glob with a
// literal part of its own selects (*.env and .e* find .env; *, ** and *.*
// select everything and aim at nothing): the search surely reads it.
func aimedAt(r ReachFact, t bashparse.Tree) bool {
	if _, err := os.Lstat(r.Path); err != nil {
		return false
	}
	comps := strings.Split(strings.TrimPrefix(strings.TrimPrefix(r.Path, r.Root), "/"), "/")
	for _, in := range t.Include {
		for _, alt := range braceAlternatives(in) {
			last := alt[strings.LastIndexByte(alt, '/')+1:]
			core := strings.Trim(strings.Map(func(c rune) rune {
				if strings.ContainsRune("*?[]!\\", c) {
					return -1
				}
				return c
			}, last), ".")
			if core != "" && includeKeeps(alt, comps) {
				return true
			}
		}
	}
	return false
}

// grepGlobs splits Grep's glob field the way the tool hands it to
// ripgrep: at white space, and at commas outside a brace group.
func grepGlobs(g string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(g, unicode.IsSpace) {
		if strings.Contains(w, "{") {
			out = append(out, w)
			continue
		}
		for _, x := range strings.Split(w, ",") {
			if x != "" {
				out = append(out, x)
			}
		}
	}
	return out
}
