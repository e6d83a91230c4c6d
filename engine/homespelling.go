package engine

import (
	"os/user"
	"path"
	"strings"

	"github.com/agentctl/agentctl/settings"
)

// homeSpellings are the ways a shell or Windows spells the home
// directory at the start of a path. A path rule takes none of them: only
// "~/" anchors at the home (spec §4), and a rule starting with one names
// a directory of that literal name under the cwd.
var homeSpellings = [...]string{"$HOME", "${HOME}", "%USERPROFILE%", "%HOME%"}

// spelledHomeGlobs are the globs of a deny or ask rule whose pattern
// spells the home another way than "~/" — Read($HOME/.ssh/**),
// Read(%USERPROFILE%/.aws/**), Read(~root/.ssh/**) (that user's home) —
// or is wrapped in blanks or quotes (Read( ~/.ssh/** )), read as the
// place it spells. Read as the grammar says, such a rule named a
// directory "$HOME" (or " ~") under the cwd that no one has, and the
// file it was written for was read freely. The written reading stays;
// an allow keeps only it (a rule never widens what it approves).
func spelledHomeGlobs(r settings.Rule, a anchorSet) []string {
	if r.Behavior == settings.Allow || r.Anchor != settings.AnchorCwd {
		return nil
	}
	p := unwrapPattern(r.Pattern)
	v := r
	switch {
	case p == "~" || strings.HasPrefix(p, "~/"):
		v.Anchor, v.Pattern = settings.AnchorHome, strings.TrimPrefix(strings.TrimPrefix(p, "~"), "/")
	case strings.HasPrefix(p, "~"):
		name, rest, _ := strings.Cut(p[1:], "/")
		u, err := user.Lookup(name)
		if err != nil || u.HomeDir == "" || !strings.HasPrefix(u.HomeDir, "/") {
			return nil // no such user: the rule names no home
		}
		v.Anchor, v.Pattern = settings.AnchorRoot, path.Join(u.HomeDir, rest)
		if strings.HasSuffix(rest, "/") {
			v.Pattern += "/"
		}
	case strings.HasPrefix(p, "//"):
		v.Anchor, v.Pattern = settings.AnchorRoot, p[1:]
	default:
		v.Pattern = p
		for _, h := range homeSpellings {
			if p == h || strings.HasPrefix(p, h+"/") {
				v.Anchor, v.Pattern = settings.AnchorHome, strings.TrimPrefix(strings.TrimPrefix(p, h), "/")
				break
			}
		}
	}
	if v.Anchor == r.Anchor && v.Pattern == r.Pattern || v.Pattern == "" && v.Anchor == settings.AnchorCwd {
		return nil
	}
	return writtenPathGlobs(v, a)
}

// unwrapPattern is p without the blanks around it and one pair of quotes
// around what is left. A blank kept by a backslash (odd\ ) is part of
// the name, and the pattern is kept as written.
func unwrapPattern(p string) string {
	t := strings.TrimSpace(p)
	if len(t) >= 2 && (t[0] == '"' || t[0] == '\'') && t[len(t)-1] == t[0] {
		t = strings.TrimSpace(t[1 : len(t)-1])
	}
	if strings.HasSuffix(t, "\\") {
		return p
	}
	return t
}
