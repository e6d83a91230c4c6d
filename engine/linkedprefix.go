package engine

import (
	"path/filepath"
	"strings"
)

// A deny rule names a file by one spelling; a symlink gives the same file
// another. The input's own links are resolved before matching, but the
// rule's were not: with ~/.ssh a link into a dotfiles checkout (GNU stow,
// chezmoi, yadm lay home out that way), Read(~/.ssh/**) denied
// ~/.ssh/id_rsa and allowed the same key read as
// ~/dotfiles/ssh/id_rsa — inside the working directories when the user
// works on the dotfiles. A deny or ask glob therefore also matches with its
// literal directory prefix resolved, as the kernel resolves it.

// linkedPrefixGlobs lists, for the deny or ask globs gs, each glob whose
// literal prefix resolves through a symlink, spelled with the resolved
// prefix. Globs whose prefix resolves to itself add nothing.
func linkedPrefixGlobs(gs []string) []string {
	var out []string
	seen := make(map[string]bool, len(gs))
	for _, g := range gs {
		seen[g] = true
	}
	resolved := map[string]string{}
	for _, g := range gs {
		prefix, rest := literalGlobPrefix(g)
		if prefix == "" {
			continue
		}
		r, ok := resolved[prefix]
		if !ok {
			r = resolveExistingPrefix(unescapeGlob(prefix))
			resolved[prefix] = r
		}
		if r == "" {
			continue
		}
		v := globEscaper.Replace(r) + rest
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// literalGlobPrefix splits an absolute glob into its literal directory
// prefix (the whole glob when it has no wildcard) and the rest, which
// starts with "/" or is empty. prefix is "" when no literal directory
// comes before the first wildcard.
func literalGlobPrefix(g string) (prefix, rest string) {
	if !strings.HasPrefix(g, "/") {
		return "", ""
	}
	for i := 0; i < len(g); i++ {
		switch g[i] {
		case '\\':
			i++
		case '*', '?', '[', '{':
			j := strings.LastIndex(g[:i], "/")
			if j <= 0 {
				return "", ""
			}
			return g[:j], g[j:]
		}
	}
	return g, ""
}

// resolveExistingPrefix is p resolved as the kernel would resolve it
// (resolve: the longest existing ancestor's links followed, the missing
// tail kept as spelled), or "" when that is p itself.
func resolveExistingPrefix(p string) string {
	p = filepath.Clean(p)
	if r := resolve(p); r != p {
		return r
	}
	return ""
}
