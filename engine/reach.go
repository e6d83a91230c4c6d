package engine

import (
	"path"
	"path/filepath"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/agentctl/agentctl/settings"
)

// guardGlobs are the absolute globs of every Read and Edit deny or ask
// rule: the paths a glob operand, a word naming a file, or a recursive walk
// may reach without the shell saying so. With none, nothing here runs.
// Such rules match case-insensitively, so each glob is kept in the forms
// the policy matches (caseGlobs): lower-cased, matched against a
// lower-cased path, and as written when it has a character class (see
// guardMatch).
type guardGlobs []string

// guardMatch reports whether guard glob g matches p in any letter case:
// the lower-cased path against the (lower-cased) glob, or — for a glob
// with a character class, which lower-casing may narrow — p as written.
func guardMatch(g, p string) bool { return guardMatchLower(g, strings.ToLower(p), p) }

// guardMatchLower is guardMatch given p's lower-cased form lp.
func guardMatchLower(g, lp, p string) bool {
	return doublestar.MatchUnvalidated(g, lp) || lp != p && strings.IndexByte(g, '[') >= 0 && doublestar.MatchUnvalidated(g, p)
}

// addCaseForms appends the forms of g the policy matches (caseGlobs), each once.
func addCaseForms(out []string, g string, seen map[string]bool) []string {
	folded, exact := caseGlobs(g)
	forms := []string{folded}
	if exact {
		forms = append(forms, g)
	}
	for _, v := range forms {
		if v != "" && !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// newGuards collects the deny and ask path globs of the settings. The
// second list leaves out the directory form every file pattern also gets
// (Read(.env) covers .env/…): witnesses are made only from what the rule
// says, or every recursive walk would "reach" a directory named .env.
// The third holds the globs as written, for hard-link twins
// (withHardLinkTwins): the case forms name no file on a case-sensitive
// file system.
func newGuards(s *settings.Settings) (all guardGlobs, walk *walkGuards, written guardGlobs) {
	anchors := newAnchors(s)
	walk = &walkGuards{}
	seenAll, seenWritten := map[string]bool{}, map[string]bool{}
	for _, r := range s.Rules {
		if r.Ignored != "" || r.Kind != settings.KindPath || r.Behavior == settings.Allow {
			continue
		}
		dirRule := strings.HasSuffix(r.Pattern, "/") || strings.HasSuffix(r.Pattern, "**")
		for _, g := range pathGlobs(r, anchors) {
			all = addCaseForms(all, g, seenAll)
			if dirRule || !strings.HasSuffix(g, "/**") {
				for _, v := range addCaseForms(nil, g, map[string]bool{}) {
					walk.add(v, r)
				}
			}
			if !seenWritten[g] {
				seenWritten[g] = true
				written = append(written, g)
			}
		}
	}
	walk.finish()
	return all, walk, written
}

// ReachFact is a path a command may open without naming it: a file a
// recursive walk would visit. Certain ones are accesses; the others ask.
type ReachFact struct {
	FileFact
	Root    string `json:"root"`
	Certain bool   `json:"certain"`
}

// segments lists concrete names that may fill a wildcard segment for glob
// g: the literal and wildcard-filled segments of g itself, and "x".
func segments(g string) []string {
	out := []string{"x"}
	seen := map[string]bool{"x": true}
	for _, seg := range strings.Split(g, "/") {
		if seg == "" || seg == "**" {
			continue
		}
		for _, f := range fillSegment(seg) {
			if !seen[f] {
				seen[f] = true
				out = append(out, f)
			}
		}
	}
	return out
}

// fillSegment turns one glob segment into names it matches: every "*"
// empty, or every "*" an "x"; "?" an "x"; a class its first member; a brace
// its first alternative.
func fillSegment(seg string) []string {
	var out []string
	for _, star := range []string{"", "x"} {
		var b strings.Builder
		for i := 0; i < len(seg); i++ {
			switch c := seg[i]; c {
			case '\\':
				if i+1 < len(seg) {
					i++
					b.WriteByte(seg[i])
				}
			case '*':
				b.WriteString(star)
			case '?':
				b.WriteByte('x')
			case '[':
				j := strings.IndexByte(seg[i:], ']')
				if j < 0 {
					b.WriteByte(c)
					continue
				}
				class := strings.TrimLeft(seg[i+1:i+j], "!^")
				if class != "" && class[0] != '-' {
					b.WriteByte(class[0])
				} else {
					b.WriteByte('x')
				}
				i += j
			case '{':
				j := strings.IndexByte(seg[i:], '}')
				if j < 0 {
					b.WriteByte(c)
					continue
				}
				alt, _, _ := strings.Cut(seg[i+1:i+j], ",")
				b.WriteString(alt)
				i += j
			default:
				b.WriteByte(c)
			}
		}
		if s := b.String(); s != "" && doublestar.MatchUnvalidated(seg, s) {
			out = append(out, s)
		}
	}
	return out
}

// globWitnesses lists paths under a guard glob that the shell glob pat
// (absolute, no "**": bash's globstar is off) could expand to: each
// wildcard segment of pat filled with a name from the guard, keeping bash's
// rule that a wildcard never matches a leading dot it does not spell. A
// segment is compared lower-cased with the guard's (lower-cased) names: on
// a case-insensitive file system ".E*" expands to the file ".env" may be
// stored as (".Env"), and under nocaseglob to ".env" itself.
func (gs guardGlobs) globWitnesses(pat string) []string {
	segs := strings.Split(pat, "/")
	var wild []int
	for i, s := range segs {
		if globMetaAt(s) >= 0 {
			wild = append(wild, i)
		} else {
			segs[i] = unescapeGlob(s) // a directory's name (globAt)
		}
	}
	if len(wild) == 0 {
		return nil
	}
	if len(wild) > 3 {
		// Too many wildcard segments to try every combination: fill each
		// with "x", then each in turn with every name of the guard.
		var out []string
		for _, g := range gs {
			for k := -1; k < len(wild); k++ {
				for _, n := range segments(g) {
					cur := append([]string(nil), segs...)
					okAll := true
					for j, wi := range wild {
						name := "x"
						if j == k {
							name = n
						}
						if _, err := path.Match(cur[wi], name); err == nil && !segMatch(cur[wi], name) || strings.HasPrefix(name, ".") && !strings.HasPrefix(cur[wi], ".") {
							okAll = false
							break
						}
						cur[wi] = name
					}
					if p := strings.Join(cur, "/"); okAll && guardMatch(g, p) {
						out = append(out, p)
					}
					if k < 0 {
						break
					}
				}
			}
		}
		return out
	}
	var out []string
	seen := map[string]bool{}
	for _, g := range gs {
		names := segments(g)
		var fill func(k int, cur []string)
		fill = func(k int, cur []string) {
			if k == len(wild) {
				p := strings.Join(cur, "/")
				if !seen[p] && guardMatch(g, p) {
					seen[p] = true
					out = append(out, p)
				}
				return
			}
			seg := cur[wild[k]]
			for _, n := range withOwnFills(names, seg) {
				if strings.HasPrefix(n, ".") && !strings.HasPrefix(seg, ".") {
					continue
				}
				if !segMatch(seg, n) {
					continue
				}
				next := append([]string(nil), cur...)
				next[wild[k]] = n
				fill(k+1, next)
			}
		}
		fill(0, segs)
	}
	return out
}

// segMatch reports whether the shell glob segment seg may expand to the
// guard's name n: lower-cased (n is), or as written.
func segMatch(seg, n string) bool {
	if ok, _ := path.Match(strings.ToLower(seg), n); ok {
		return true
	}
	ok, _ := path.Match(seg, n)
	return ok
}

// suffixWitnesses lists guarded paths that end in rel (a relative path
// whose directory is not known): rel put under the guard's literal prefix
// (and one level below it), so the guard's own distinctive part must be in
// rel — $PWD/.env reaches Read(.env), $PKG/... reaches nothing.
func (gs guardGlobs) suffixWitnesses(rel string) []string {
	for strings.HasPrefix(rel, "../") {
		rel = rel[3:] // under any directory, a parent is any directory too
	}
	if rel == "." || rel == ".." || rel == "" {
		return nil
	}
	relSegs := map[string]bool{}
	for _, seg := range strings.Split(strings.ToLower(rel), "/") {
		relSegs[seg] = true // compared with the guard's lower-cased names
	}
	var out []string
	seen := map[string]bool{}
	for _, g := range gs {
		// Put rel under each ancestor A of the guard's literal prefix; keep
		// it only where rel itself spells a literal name the guard has
		// below A (".env", "secrets"): a word that names nothing guarded
		// ($HOME/notes) never reaches a guard by landing inside its directory.
		for a := staticPrefix(g); ; a = path.Dir(a) {
			below := strings.Split(strings.TrimPrefix(strings.TrimPrefix(g, a), "/"), "/")
			names := false
			for _, seg := range below {
				if !strings.ContainsAny(seg, "*?[{\\") && relSegs[strings.ToLower(seg)] {
					names = true
				}
			}
			for _, c := range []string{strings.TrimSuffix(a, "/") + "/" + rel, strings.TrimSuffix(a, "/") + "/x/" + rel} {
				if names && !seen[c] && guardMatch(g, c) {
					seen[c] = true
					out = append(out, c)
				}
			}
			if a == "/" || a == "." {
				break
			}
		}
	}
	return out
}

// fillGlob turns a whole guard glob into concrete paths ("**" dropped).
func fillGlob(g string) []string {
	var parts [][]string
	for _, s := range strings.Split(g, "/") {
		switch {
		case s == "**":
			continue
		case strings.ContainsAny(s, "*?[{\\"):
			f := fillSegment(s)
			if len(f) == 0 {
				return nil
			}
			parts = append(parts, f[:1])
		default:
			parts = append(parts, []string{s})
		}
	}
	b := make([]string, len(parts))
	for i, p := range parts {
		b[i] = p[0]
	}
	return []string{strings.Join(b, "/")}
}

func inDir(p, d string) bool {
	return p == d || d == "/" || strings.HasPrefix(p, strings.TrimSuffix(d, "/")+"/")
}

// Guarded reports whether a Read or Edit deny or ask rule covers path (or
// its symlink target): a tool that walks a tree (Grep) skips such files,
// since the call's own decision was about the tree, not each file. It is
// safe for concurrent use.
func (e *Engine) Guarded(path string) bool {
	if e.guardIdx == nil {
		return false
	}
	c := filepath.Clean(path)
	if e.guardIdx.matchAny(c) {
		return true
	}
	r := quickResolve(c)
	return r != c && e.guardIdx.matchAny(r) || len(e.twinGlobs.twins(r, nil)) > 0
}

// quickResolve follows symlinks where the path exists; a path that does
// not is kept as it is: words that merely may name a file are many, and
// most name nothing.
func quickResolve(p string) string { return (*resolver)(nil).quick(p) }
