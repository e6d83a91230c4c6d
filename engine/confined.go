package engine

import (
	"path/filepath"
	"strings"

	"github.com/agentctl/agentctl/bashparse"
	"github.com/agentctl/agentctl/settings"
)

// hasConfinedRule reports whether some live allow rule is confined to the
// working directories (an untrusted repository's Bash rule): only then do
// the facts list the places words name (Facts.Named).
func hasConfinedRule(s *settings.Settings) bool {
	for _, r := range s.Rules {
		if r.Confined && r.Ignored == "" {
			return true
		}
	}
	return false
}

// namedExempt are device files a word may name without reaching anything
// of the user's (the same ones redirections may write).
var namedExempt = map[string]bool{"/dev/null": true, "/dev/stdin": true, "/dev/stdout": true, "/dev/stderr": true}

// namedFacts are the places a command's words may name, run in each of
// dirs: its mentions (words no table calls a file, which a program may
// still open: gzip -c ~/.ssh/id_rsa) and the roots of its recursive walks
// (tar czf x.tgz ~/.ssh). A confined rule approves the command only when
// every one lies in the working directories; a word whose place is not
// known (dynamic, a ~user word, a command whose directory is unknown) is
// a dynamic fact, which lies nowhere.
func (e env) namedFacts(c bashparse.Command, dirs []string) []FileFact {
	var out []FileFact
	unknown := func(p, via string) {
		out = append(out, FileFact{Path: p, Resolved: p, Access: "any", Via: via, Written: p, Dynamic: true})
	}
	at := func(p, via string, glob bool) {
		if c.DirUnknown || strings.HasPrefix(p, "~") && p != "~" && !strings.HasPrefix(p, "~/") {
			unknown(p, via)
			return
		}
		if glob {
			out = append(out, e.globNamed(p, via, dirs)...)
			p = staticPrefix(p)
		}
		for _, d := range dirs {
			if namedExempt[e.clean(p, d)] {
				continue
			}
			ff := e.file(p, d, "any", via)
			out = append(out, ff)
		}
	}
	for _, m := range c.Mentions {
		if m.Dynamic {
			unknown(m.Path, m.Via)
			continue
		}
		if urlPart(c.Mentions, m.Path) {
			continue
		}
		at(m.Path, m.Via, m.Glob)
	}
	for _, t := range c.Recursive {
		if t.Dynamic {
			unknown(t.Root, t.Via)
			continue
		}
		at(t.Root, t.Via, false)
	}
	return out
}

// urlPart reports a mention that is the part after the scheme of another
// mention that is a network URL: https://x.example/a names the host's
// path //x.example/a, no file here (a file: URL's part is a path, and
// stays).
func urlPart(mentions []bashparse.File, p string) bool {
	if !strings.HasPrefix(p, "//") {
		return false
	}
	for _, w := range mentions {
		scheme, rest, ok := strings.Cut(w.Path, ":")
		if !ok || rest != p || !isScheme(scheme) {
			continue
		}
		if i := strings.LastIndexByte(scheme, '+'); strings.EqualFold(scheme[i+1:], "file") {
			return false
		}
		return true
	}
	return false
}

// isScheme reports a URL scheme: a letter, then letters, digits, '+', '-'
// or '.'.
func isScheme(s string) bool {
	for i, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
		case i > 0 && (r >= '0' && r <= '9' || r == '+' || r == '-' || r == '.'):
		default:
			return false
		}
	}
	return s != ""
}

// maxGlobNamed bounds the expansions of one glob word a confined rule
// checks; a glob matching more stands for a place not known.
const maxGlobNamed = 256

// globNamed are the files a glob word expands to now, in each of dirs:
// its directory lies in the repository while a match may be a link out of
// it (k*/id_rsa through keys -> ~/.ssh). A pattern that does not compile,
// or matches too much, is a place not known.
func (e env) globNamed(p, via string, dirs []string) []FileFact {
	var out []FileFact
	for _, d := range dirs {
		abs := p
		switch {
		case strings.HasPrefix(p, "~/"):
			abs = e.home + p[1:]
		case !filepath.IsAbs(p):
			abs = filepath.Join(d, p)
		}
		matches, err := filepath.Glob(abs)
		if err != nil || len(matches) > maxGlobNamed {
			return append(out, FileFact{Path: p, Resolved: p, Access: "any", Via: via, Written: p, Dynamic: true})
		}
		for _, m := range matches {
			out = append(out, e.file(m, d, "any", via))
		}
	}
	return out
}
