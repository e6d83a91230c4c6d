package engine

import (
	"path"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/agentctl/agentctl/bashparse"
)

// A recursive reader's own filters (hidden files skipped, excludes,
// includes) decide whether a guarded file under its root is opened: spec §3
// lets the reader run when they keep every denied name out, and deny when
// they certainly select one.

// walkKeeps applies a walk's filters to a path under its root: hidden
// entries, excludes (any component), includes. certain is set when an
// include names the file (and named is set), or selects nothing the guard
// g does not cover (-g '**/.env', -g 'secrets/*' under Read(secrets/**)):
// the walk surely opens it.
func walkKeeps(root, p, g string, t bashparse.Tree, named bool) (certain, ok bool) {
	rel := strings.TrimPrefix(strings.TrimPrefix(p, root), "/")
	comps := strings.Split(rel, "/")
	for _, c := range comps {
		if t.SkipHidden && strings.HasPrefix(c, ".") {
			return false, false
		}
		for _, ex := range t.Exclude {
			if excludesName(ex, c) {
				return false, false
			}
		}
	}
	if len(t.Include) == 0 {
		return false, true
	}
	kept := false
	for _, in := range t.Include {
		if !doublestar.ValidatePattern(in) {
			return false, true // a filter we cannot read keeps the file: it may be read
		}
		for _, alt := range braceAlternatives(in) {
			if !includeKeeps(alt, comps) {
				continue
			}
			kept = true
			if named && !strings.ContainsAny(alt, "*?[\\") || guardMatch(g, strings.TrimSuffix(root, "/")+"/"+strings.Trim(alt, "/")) {
				return true, true
			}
		}
	}
	return false, kept
}

// includeKeeps reports whether an include glob keeps the path comps
// (relative to the walk's root). A glob without a slash matches the base
// name (grep --include, rg -g '*.go'); one with a slash is gitignore-style
// and matches the relative path (rg -g 'secrets/*', -g '**/.env') or a
// directory above it, whose files it then lets in. Letter case is folded:
// an include that keeps a name in some case may keep the guarded file.
func includeKeeps(in string, comps []string) bool {
	match := func(pat, name string) bool {
		m, _ := doublestar.Match(pat, name)
		if !m {
			m, _ = doublestar.Match(strings.ToLower(pat), strings.ToLower(name))
		}
		return m
	}
	trimmed := strings.TrimSuffix(in, "/")
	if !strings.Contains(trimmed, "/") && trimmed == in {
		return match(in, comps[len(comps)-1])
	}
	pat := strings.TrimPrefix(trimmed, "/")
	for i := len(comps); i > 0; i-- {
		if match(pat, strings.Join(comps[:i], "/")) || !strings.Contains(pat, "/") && match(pat, comps[i-1]) {
			return true
		}
	}
	return false
}

// braceAlternatives expands the brace groups of a glob ("{.env,x}" is
// ".env" and "x"), so that each alternative is weighed on its own; at most
// 64 results, the rest kept as written.
func braceAlternatives(g string) []string {
	i := strings.IndexByte(g, '{')
	if i < 0 {
		return []string{g}
	}
	depth := 0
	for j := i; j < len(g); j++ {
		switch g[j] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				var out []string
				for _, alt := range splitTop(g[i+1 : j]) {
					for _, rest := range braceAlternatives(alt + g[j+1:]) {
						out = append(out, g[:i]+rest)
						if len(out) >= 64 {
							return append(out, g)
						}
					}
				}
				return out
			}
		}
	}
	return []string{g}
}

// splitTop splits a brace group's body at its top-level commas.
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// excludesName reports whether a walk's exclude filter keeps out the
// guarded name c. Deny and ask rules fold letter case, so c is lower-case
// and the filter is compared folded too: spec §3 lets a reader run when its
// own excludes keep every denied name out, and "--exclude-dir=SECRETS"
// names the directory Read(secrets/**) guards. (A tool compares names as
// written, so on a case-insensitive file system a file stored as "SECRETS"
// escapes "--exclude-dir=secrets"; the spec's exclude rule is kept.)
func excludesName(ex, c string) bool {
	if m, _ := path.Match(ex, c); m {
		return true
	}
	m, _ := path.Match(strings.ToLower(ex), strings.ToLower(c))
	return m
}
