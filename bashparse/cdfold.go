package bashparse

import (
	"path"
	"strings"
)

// A cd whose target is a command substitution of a command that only
// prints its literal arguments — cd "$(echo .git)", cd `printf .git`,
// cd "$(dirname .git/hooks)" — goes where that output names: bash ran
// them and the relative write that followed landed in .git/config, while
// the guess kept the substitution's text, which no protected name
// matches. The directory stays unknown (the command may be a function the
// script defines); only the spelling the later write is weighed under is
// folded.

// foldedGuess is the word a cd's guess is spelled from: w with the
// substitutions knownSubsts can fold replaced by their output, or w when
// none can (or what is left still runs something).
func foldedGuess(w string) string {
	v, ok := knownSubsts(strings.ReplaceAll(w, `"`, ""))
	if !ok || strings.ContainsAny(v, "$`") || v == "" {
		return w
	}
	return v
}

// pathSubstOutput is the output of a path command over one literal
// operand (dirname, basename, realpath, readlink -f/-e/-m), spelled
// relative to where the shell stands: realpath .git prints the absolute
// path of the same place, which the engine resolves, links and all.
func pathSubstOutput(f []string) (string, bool) {
	if len(f) < 2 {
		return "", false
	}
	ops := f[1:]
	switch f[0] {
	case "dirname":
		if len(ops) == 1 && !strings.HasPrefix(ops[0], "-") {
			return path.Dir(strings.TrimRight(ops[0], "/")), true
		}
	case "basename":
		if len(ops) >= 1 && len(ops) <= 2 && !strings.HasPrefix(ops[0], "-") {
			b := path.Base(ops[0])
			if len(ops) == 2 && ops[1] != b {
				b = strings.TrimSuffix(b, ops[1])
			}
			return b, true
		}
	case "realpath", "readlink":
		for len(ops) > 1 && strings.HasPrefix(ops[0], "-") {
			if f[0] == "readlink" && strings.Trim(ops[0][1:], "fem") == "" || f[0] == "realpath" && strings.Trim(ops[0][1:], "esmqzL") == "" {
				ops = ops[1:]
				continue
			}
			return "", false
		}
		if f[0] == "readlink" && len(f) == len(ops)+1 {
			return "", false // readlink without -f prints the link's text
		}
		if len(ops) == 1 && !strings.HasPrefix(ops[0], "-") && !physicalDotDot(ops[0]) {
			return path.Clean(ops[0]), true // a name before ".." is resolved first: not folded
		}
	}
	return "", false
}
