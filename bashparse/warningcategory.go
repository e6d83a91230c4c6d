package bashparse

import (
	"strings"
)

// A warning filter names its category by a dotted path, and pytest (like
// Python's own -W) imports the module before the dot to find it: pytest
// 7.2 with -W error::evil.X, -Werror::evil.X, --pythonwarnings=error::evil.X
// and -o filterwarnings=error::evil.X each imported evil.py from the
// working directory, running its top-level code, before the first test.
// Such a filter loads code as -p does, so no prefix rule approves it
// (spec §3); a filter with a built-in category (error::DeprecationWarning)
// or pytest's own (ignore::pytest.PytestCollectionWarning) loads nothing
// new.

// warningSafeModules are the modules a filter's category may name without
// loading new code: the built-ins, the warnings module and pytest itself,
// already imported when the filter is read.
var warningSafeModules = map[string]bool{"builtins": true, "warnings": true, "pytest": true, "_pytest": true}

// pytestWarningPowers returns the warning filters of a pytest command line
// (-W, --pythonwarnings and its abbreviations, -o filterwarnings=) whose
// category imports a module, or that cannot be read.
func pytestWarningPowers(args []Word) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if v == "--" {
			break
		}
		var val string
		var w Word
		ini := false
		switch {
		case isPythonWarningsLong(v):
			if i+1 >= len(args) {
				continue
			}
			i++
			val, w = args[i].Value, args[i]
		case strings.HasPrefix(v, "--") && strings.Contains(v, "=") && isPythonWarningsLong(v[:strings.Index(v, "=")]):
			val, w = v[strings.Index(v, "=")+1:], args[i]
		case v == "-o" || v == "--override-ini":
			if i+1 >= len(args) {
				continue
			}
			i++
			val, w, ini = args[i].Value, args[i], true
		case strings.HasPrefix(v, "--override-ini="):
			val, w, ini = strings.TrimPrefix(v, "--override-ini="), args[i], true
		case len(v) > 1 && v[0] == '-' && v[1] != '-':
			// A cluster (-qWerror::m.X, -qxW F, -qo K=V): argparse reads
			// flag letters until the first that takes a value.
			letter, rest := pytestClusterValue(v[1:])
			if letter == 0 {
				continue
			}
			val, w, ini = rest, args[i], letter == 'o'
			if rest == "" {
				if i+1 >= len(args) {
					continue
				}
				i++
				val, w = args[i].Value, args[i]
			}
		default:
			continue
		}
		if ini {
			key, rest, ok := strings.Cut(val, "=")
			if !ok || strings.TrimSpace(key) != "filterwarnings" {
				continue
			}
			val = rest
		}
		if !w.Static() {
			out = append(out, "pytest warning filter "+val+" is not static: its category may import a module")
			continue
		}
		// An ini value is a list of filters, one a line.
		for _, f := range strings.Split(val, "\n") {
			if m := warningCategoryModule(f); m != "" {
				out = append(out, "pytest warning filter "+strings.TrimSpace(f)+" imports module "+m)
			}
		}
	}
	return out
}

// isPythonWarningsLong reports whether a long option is --pythonwarnings
// or an abbreviation argparse reads as it (no other pytest option begins
// with "--pyt").
func isPythonWarningsLong(v string) bool {
	return len(v) >= len("--pyt") && strings.HasPrefix("--pythonwarnings", v)
}

// warningCategoryModule is the module a warning filter
// (action:message:category:module:lineno) imports to find its category,
// "" when it imports none or only a safe one.
func warningCategoryModule(filter string) string {
	parts := strings.Split(strings.TrimSpace(filter), ":")
	if len(parts) < 3 {
		return ""
	}
	cat := strings.TrimSpace(parts[2])
	k := strings.LastIndex(cat, ".")
	if k < 0 {
		return ""
	}
	mod := cat[:k]
	root, _, _ := strings.Cut(mod, ".")
	if warningSafeModules[root] {
		return ""
	}
	return mod
}

// pytestClusterValue reads a short-option cluster (without its dash): the
// letter W or o and the value attached after it, or 0 when the first
// letter that takes a value is another (-kW: W is -k's value). A letter
// pytest does not know is read as a flag, so a W after it still counts.
func pytestClusterValue(c string) (byte, string) {
	for k := 0; k < len(c); k++ {
		switch c[k] {
		case 'W', 'o':
			return c[k], c[k+1:]
		case 'k', 'm', 'p', 'c', 'r', 'n':
			return 0, ""
		}
	}
	return 0, ""
}
