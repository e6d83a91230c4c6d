package bashparse

import "strings"

// psNoEnviron accepts ps unless it prints the processes' environments: the
// BSD modifier e (ps e, ps axeww, ps -ef e) shows each process's
// environment after its command (procps-ng ps(1)), the agent's own and
// its children's among them, with whatever tokens they hold. The reference
// CLI asks for ps e and ps axeww (checked with ../shared/oracle), as it
// asks for echo $X and jq env. A value of an option that takes one
// (-o pid,user, O user, -C name) is not a modifier.
func psNoEnviron(args []string) bool {
	value := false // the word is the value of the option before it
	for _, a := range args {
		if value {
			value = false
			continue
		}
		switch {
		case a == "--":
			// procps has no operands: what follows is still read as options.
		case strings.HasPrefix(a, "--"):
			value = !strings.Contains(a, "=") && psLongValues[strings.TrimPrefix(a, "--")]
		case strings.HasPrefix(a, "-"):
			// A UNIX cluster: -e selects every process; a value-taking
			// letter takes the rest of the word or the next one.
			if i := strings.IndexAny(a[1:], "CGgpqstuUoOk"); i >= 0 {
				value = 1+i == len(a)-1
			}
		default:
			// A BSD cluster: e anywhere before a value-taking letter is
			// the environment modifier; after one it is that value.
			end := strings.IndexAny(a, "oOptUk")
			letters := a
			if end >= 0 {
				letters = a[:end]
				value = end == len(a)-1
			}
			if strings.IndexByte(letters, 'e') >= 0 {
				return false
			}
		}
	}
	return true
}

// psLongValues are ps's long options that take the next word as their
// value when not given with "=".
var psLongValues = map[string]bool{"cols": true, "columns": true, "width": true, "lines": true, "rows": true,
	"pid": true, "ppid": true, "sid": true, "tty": true, "user": true, "User": true, "group": true, "Group": true,
	"format": true, "sort": true, "quick-pid": true}
