package bashparse

import (
	"strings"

	"github.com/agentctl/agentctl/internal/lazyre"
)

// tarListReadOnly accepts tar's list mode only (-t, --list, or a bundle
// like "tvf") with options that neither extract, run programs
// (--to-command, -I, --use-compress-program, -F, --checkpoint-action,
// --rsh-command) nor open a remote archive (host:file runs rsh).
func tarListReadOnly(args []string) bool {
	list := false
	okLetters := "tvfzjJaZ"
	for i, a := range args {
		switch {
		case i == 0 && !strings.HasPrefix(a, "-"):
			for _, c := range a {
				if !strings.ContainsRune(okLetters, c) {
					return false
				}
			}
			list = list || strings.ContainsRune(a, 't')
		case strings.HasPrefix(a, "--"):
			name, val, _ := strings.Cut(a, "=")
			if strings.Contains(val, ":") && name == "--file" {
				return false
			}
			switch name {
			case "--list":
				list = true
			case "--file", "--verbose", "--gzip", "--gunzip", "--bzip2", "--xz", "--zstd", "--lzma", "--auto-compress",
				"--wildcards", "--no-wildcards", "--numeric-owner", "--utc", "--full-time", "--exclude", "--anchored",
				"--no-anchored", "--ignore-case", "--occurrence", "--quoting-style", "--show-transformed-names":
			default:
				return false
			}
		case strings.HasPrefix(a, "-") && a != "-":
			for _, c := range a[1:] {
				if !strings.ContainsRune(okLetters, c) {
					return false
				}
			}
			list = list || strings.ContainsRune(a, 't')
		}
		if strings.Contains(a, ":") && !strings.HasPrefix(a, "-") {
			return false // an archive on another host: tar runs rsh
		}
	}
	return list
}

// psReadOnly accepts ps with its selection and format options (BSD and
// UNIX syntax); ps only reads /proc. It prints no environment (see
// psNoEnviron).
func psReadOnly(args []string) bool {
	if !psNoEnviron(args) {
		return false
	}
	for _, a := range args {
		if strings.ContainsAny(a, "$`;|&><") {
			return false
		}
	}
	return true
}

// sqlMetaRe matches statements that only describe: SHOW, DESCRIBE, psql's
// describe meta-commands (\d…, \l, \dn, \conninfo), SELECT version().
var sqlMetaRe = lazyre.New(`(?i)^\s*(show\s+[a-z_ ]+|desc(ribe)?\s+[a-z0-9_.` + "`" + `"]+|\\d[a-z+]*( +[a-z0-9_."*]+)?|\\l\+?|\\conninfo|select\s+(version|current_user|current_database|database|user)\(\))\s*;?\s*$`)

// sqlMeta accepts one SQL statement or psql meta-command that only
// describes the database.
func sqlMeta(args []string) bool {
	return len(args) == 1 && sqlMetaRe.MatchString(args[0])
}
