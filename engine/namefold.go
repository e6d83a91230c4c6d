package engine

import (
	"strings"

	"github.com/agentctl/agentctl/settings"

	"golang.org/x/text/unicode/norm"
)

// File systems that compare names loosely make several spellings one
// file: APFS and HFS+ compare names after Unicode normalisation (café.txt
// written with a combining accent is café.txt) and HFS+ ignores some
// invisible code points (.git + U+200C is .git, git's CVE-2014-9390);
// Windows drops the dots and spaces that end a name (".env." is .env).
// Deny and ask rules and protected names already match in any letter
// case for the same reason; nameVariant gives them the loose spelling too.

// hfsIgnorable are the code points HFS+ leaves out of a name when it
// compares it (the list git's is_hfs_dotgit uses).
func hfsIgnorable(r rune) bool {
	switch {
	case r == 0x200c, r == 0x200d, r == 0x200e, r == 0x200f, r == 0xfeff:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x206a && r <= 0x206f:
		return true
	}
	return false
}

// nameVariant is p spelled the way a loose file system reads it: NFC,
// without HFS+'s ignorable code points, without an NTFS stream
// (ntfsStreamless) and the dots and spaces that end a component (never
// "." or ".." themselves). ok is false when that is p itself, as it is for
// any plain ASCII path without such an ending.
func nameVariant(p string) (string, bool) {
	if plainName(p) {
		return p, false
	}
	v := norm.NFC.String(strings.Map(func(r rune) rune {
		if hfsIgnorable(r) {
			return -1
		}
		return r
	}, p))
	parts := strings.Split(v, "/")
	for i, c := range parts {
		if c == "." || c == ".." {
			continue
		}
		if t := strings.TrimRight(ntfsStreamless(c), ". "); t != "" {
			parts[i] = t
		}
	}
	v = strings.Join(parts, "/")
	return v, v != p
}

// withNameVariant appends, after a file tool's fact, the fact of the
// file's loose spelling when it differs: deny, ask and protected names see
// it, and an allow must cover it too. dirs are the directories rules and
// working-directory checks are anchored at (working dirs, home): only the
// part of the path below the deepest one holding it is loosened, because
// those directories are matched as spelled. A project whose own name is
// not in loose form (an NFD "café" as HFS+ stores it, "x." or a zero-width
// mark) otherwise moved every variant out of the project: ".env" + U+200C
// missed Read(.env) and asked, and bypass mode allowed it.
//
// The shell's files and mentions get the same: `cat .env` + U+200C opens
// .env on HFS+ as the Read tool does, and `cat .env.` opens it on Windows.
func (e env) withNameVariant(f Facts, wds, anchors []string) Facts {
	f.Files = e.appendNameVariants(f.Files, wds, anchors)
	f.Mentions = e.appendNameVariants(f.Mentions, wds, anchors)
	return f
}

// appendNameVariants appends to files the loose spelling of each static
// one that has a different one.
func (e env) appendNameVariants(files []FileFact, wds, anchors []string) []FileFact {
	n := len(files)
	for i := 0; i < n; i++ {
		ff := files[i]
		if ff.Dynamic {
			continue // kept as written: its own checks ask
		}
		if v, ok := nameVariantBelow(ff.Path, wds, anchors); ok {
			ff.Path, ff.Resolved = v, e.res.resolve(v)
			files = append(files, ff)
		}
	}
	return files
}

// looseAnchors lists home and the root of every source a path rule is
// anchored at ("/x" in a --settings file is under that file's folder), each
// cleaned and symlink-resolved: a folder named in NFD or with an invisible
// mark must not move a loose spelling out from under its own rules.
func looseAnchors(s *settings.Settings) []string {
	var out []string
	seen := map[string]bool{}
	add := func(d string) {
		if d == "" {
			return
		}
		for _, v := range variants(d) {
			if !seen[v] {
				seen[v] = true
				out = append(out, v)
			}
		}
	}
	add(s.Home)
	for _, r := range s.Rules {
		if r.Anchor == settings.AnchorSource {
			add(r.Root)
		}
	}
	return out
}

// plainName reports a path with no loose spelling: ASCII, no colon (an
// NTFS stream), and no name ending in a dot or a space.
func plainName(p string) bool {
	for i := 0; i < len(p); i++ {
		if p[i] >= 0x80 || p[i] == ':' || (p[i] == '.' || p[i] == ' ') && (i+1 == len(p) || p[i+1] == '/') {
			return false
		}
	}
	return true
}

// nameVariantBelow is nameVariant of p with the deepest directory of
// wds (the working directories) and anchors (looseAnchors) holding it kept
// as spelled; ok is false when that is p itself. The two lists are walked
// as they are: joining them would cost every call an allocation.
func nameVariantBelow(p string, wds, anchors []string) (string, bool) {
	if plainName(p) {
		return p, false
	}
	base := ""
	for _, dirs := range [2][]string{wds, anchors} {
		for _, d := range dirs {
			d = strings.TrimSuffix(d, "/")
			if p == d {
				return p, false // the directory itself, as spelled
			}
			if len(d) > len(base) && regoInDir(p, d) {
				base = d
			}
		}
	}
	if base == "" {
		return nameVariant(p)
	}
	rest, ok := nameVariant(p[len(base)+1:])
	if !ok {
		return p, false
	}
	return base + "/" + rest, true
}

// windowsAlias ports lib.windows_alias: an 8.3 short name (GIT~1 is
// .git on NTFS), a name ending in dots, a name of three or more dots. The
// safety stage asks for a file tool's path that has one, as Claude Code
// does. A scan, not the Rego's three regular expressions: they cost a
// Read call a third of its time (TestWindowsAliasScan holds the two equal).
func windowsAlias(p string) bool {
	start := 0
	for i := 0; i <= len(p); i++ {
		if i < len(p) && p[i] == '~' && i+1 < len(p) && p[i+1] >= '0' && p[i+1] <= '9' {
			return true // ~[0-9]
		}
		if i < len(p) && p[i] != '/' {
			continue
		}
		if c := p[start:i]; len(c) > 0 && c[len(c)-1] == '.' {
			dots := strings.TrimRight(c, ".")
			if dots != "" || len(c) >= 3 {
				return true // [^/.]\.+(/|$), (^|/)\.\.\.+(/|$)
			}
		}
		start = i + 1
	}
	return false
}
