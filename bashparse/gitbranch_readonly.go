package bashparse

import "strings"

// git branch only lists when it is given no name to create, rename or
// delete: git branch -v nb, --sort=x nb or --column nb each created branch
// nb (git 2.39), while --list, -l and the filters (--contains C,
// --no-contains C, --points-at C, --merged C) make the words after them
// patterns to list. The reference (2.1.332) lists without asking for
// those filters with their commit, --list with patterns, --column,
// --abbrev=N and -i; it asks for --format, --color=WHEN, --merged=C and a
// filter left without its commit. Anything else (a flag that writes, a
// name outside list mode) is not read-only.

// gitBranchFlags are git branch's listing flags that take no value.
var gitBranchFlags = map[string]bool{"-a": true, "--all": true, "-r": true, "--remotes": true,
	"-l": true, "--list": true, "-v": true, "-vv": true, "--verbose": true, "--show-current": true,
	"--no-color": true, "--color": true, "--column": true, "--no-column": true, "-i": true,
	"--ignore-case": true}

// gitBranchFilters take a commit, as the next word or after "=" (--merged
// and --no-merged: the next word only, and they may stand alone).
var gitBranchFilters = map[string]bool{"--contains": true, "--no-contains": true, "--points-at": true,
	"--merged": false, "--no-merged": false}

func gitBranchReadOnly(args []string) bool {
	listing, operands := false, false
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, _, attached := strings.Cut(a, "=")
		needs, filter := gitBranchFilters[name]
		switch {
		case gitBranchFlags[a]:
			listing = listing || a == "-l" || a == "--list"
		case strings.HasPrefix(a, "--sort=") || strings.HasPrefix(a, "--abbrev="):
		case filter && attached:
			if !needs {
				return false
			}
		case filter:
			if i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
				i++
			} else if needs {
				return false
			}
		case strings.HasPrefix(a, "-"):
			return false
		default:
			operands = true
		}
	}
	return listing || !operands
}

// gitBranchGlob reports git branch given an unquoted glob: the shell, not
// git, expands it (to the names of files), and the reference asks for
// git branch --list f* while it lists for --list 'f*'.
func gitBranchGlob(c *Command) bool {
	if c.Narrow.Name != "git" || len(c.Narrow.Args) == 0 || c.Narrow.Args[0] != "branch" {
		return false
	}
	for _, w := range c.Words {
		if w.Glob {
			return true
		}
	}
	return false
}
