package bashparse

import "strings"

// longOpt reports whether the word v gives the long option full ("--output")
// the way getopt_long reads it — the whole name or any prefix of it
// ("--out", "--o"), alone or with an attached "=value" — and the value.
// getopt_long, git's parse-options, Python's argparse and npm's nopt all
// take a unique prefix for the option, so `sort --out=F` writes F. A prefix
// that other options share is ambiguous and the program refuses it;
// counting it as full only fails closed.
func longOpt(v, full string) (value string, hasValue, ok bool) {
	if len(v) < 3 || v[0] != '-' || v[1] != '-' || len(full) < 3 || full[:2] != "--" {
		return "", false, false
	}
	name, val, eq := strings.Cut(v[2:], "=")
	if name == "" || !strings.HasPrefix(full[2:], name) {
		return "", false, false
	}
	return val, eq, true
}

// isLongOpt is longOpt without the value.
func isLongOpt(v, full string) bool {
	_, _, ok := longOpt(v, full)
	return ok
}

// canonLong spells v — a long option, with or without "=value" — with the
// full name it abbreviates among all, a program's complete list of long
// options, as getopt_long resolves it: an exact name, else the one name it
// is a prefix of. Anything else (not a long option, unknown, ambiguous:
// the program refuses it) comes back unchanged.
func canonLong(v string, all []string) string {
	if len(v) < 3 || v[0] != '-' || v[1] != '-' {
		return v
	}
	name, val, eq := strings.Cut(v[2:], "=")
	found := ""
	for _, full := range all {
		switch {
		case full[2:] == name:
			found = full
		case strings.HasPrefix(full[2:], name) && name != "":
			if found != "" && found[2:] != name {
				return v // ambiguous
			}
			found = full
		default:
			continue
		}
		if found[2:] == name {
			break
		}
	}
	if found == "" {
		return v
	}
	if eq {
		return found + "=" + val
	}
	return found
}

// sedLongs are GNU sed's long options.
var sedLongs = []string{"--quiet", "--silent", "--debug", "--expression", "--file", "--follow-symlinks",
	"--in-place", "--line-length", "--posix", "--regexp-extended", "--separate", "--sandbox",
	"--unbuffered", "--null-data", "--zero-terminated", "--help", "--version"}

// patternLongs are the long options that give a pattern-first command its
// pattern or program, so that its first operand is a file after all.
var patternLongs = map[string][]string{
	"grep": {"--regexp", "--file"}, "egrep": {"--regexp", "--file"}, "fgrep": {"--regexp", "--file"},
	"rg": {"--regexp", "--file"}, "git-grep": {"--regexp", "--file"}, "sed": {"--expression", "--file"},
	"awk": {"--file", "--source"}, "gawk": {"--file", "--source"}, "mawk": {"--file", "--source"}, "jq": {"--from-file"},
}

// patternLong reports whether v, a long option of the command name, gives
// its pattern or program (in any abbreviation: longOpt), and whether the
// value is attached (--regexp=x) rather than the next word.
func patternLong(name, v string) (given, attached bool) {
	for _, full := range patternLongs[name] {
		if _, has, ok := longOpt(v, full); ok {
			return true, has
		}
	}
	return false, false
}
