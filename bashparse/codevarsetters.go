package bashparse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A variable that names code (PS4, BASH_ENV, PATH, EDITOR …) or rebinds a
// command name (BASH_CMDS[ls]=/bin/rm is hash -p; BASH_ALIASES[ls]='rm x'
// is an alias) changes what later commands run, whichever builtin sets
// it: printf -v PS4 '$(rm y)'; set -x; ls runs rm y, and so do read PS4,
// for PS4 in …, select, mapfile, getopts, wait -p and a nameref
// (declare -n r=PS4; r=…). An assignment is read as such elsewhere
// (assignPayloads); these setters are unresolved parts too.

// codeVariable reports a variable whose value later commands run or that
// decides which program a name runs.
func codeVariable(name string) bool {
	return programVars[name] || codeVars[name] || strings.HasPrefix(name, "BASH_FUNC_") ||
		strings.HasPrefix(name, "GIT_CONFIG_")
}

// setterOptArgs are, per setter, the options that take a value: what
// follows them is not a variable name.
var setterOptArgs = map[string]string{
	"read":      "dinNptu", // -a NAME names an array: kept as a name
	"mapfile":   "dnOsuCc",
	"readarray": "dnOsuCc",
	"wait":      "",
	"printf":    "",
}

// setterNames returns the variables a setter builtin assigns (static
// names with any subscript removed) and whether one of them is not
// static. args[0] is the builtin.
func setterNames(args []Word) (names []string, dynamic bool) {
	if len(args) < 2 {
		return nil, false
	}
	add := func(w Word) {
		if !w.Static() {
			dynamic = true
			return
		}
		v := w.Value
		if i := strings.IndexAny(v, "[="); i >= 0 {
			v = v[:i]
		}
		names = append(names, v)
	}
	cmd := args[0].Value
	rest := args[1:]
	switch cmd {
	case "printf":
		for i, a := range rest {
			if a.Value == "--" || !strings.HasPrefix(a.Value, "-") {
				break
			}
			if a.Value == "-v" && i+1 < len(rest) {
				add(rest[i+1])
			} else if v, ok := strings.CutPrefix(a.Value, "-v"); ok && v != "" {
				add(Word{Value: v, Dynamic: a.Dynamic})
			}
		}
		return names, dynamic
	case "getopts":
		if len(rest) >= 2 {
			add(rest[1])
		}
		return names, dynamic
	case "read", "mapfile", "readarray", "wait":
		takes := setterOptArgs[cmd]
		opts := true
		for i := 0; i < len(rest); i++ {
			a := rest[i]
			if opts && a.Value == "--" {
				opts = false
				continue
			}
			if opts && strings.HasPrefix(a.Value, "-") && len(a.Value) > 1 && a.Static() {
				// A cluster of flags; the first that takes a value takes
				// the rest of the word or the next word.
				for j := 1; j < len(a.Value); j++ {
					c := a.Value[j]
					isName := c == 'a' && cmd == "read" || c == 'p' && cmd == "wait"
					if isName || strings.IndexByte(takes, c) >= 0 {
						val := a.Value[j+1:]
						if val == "" && i+1 < len(rest) {
							i++
							if isName {
								add(rest[i])
							}
						} else if isName {
							add(Word{Value: val})
						}
						break
					}
				}
				continue
			}
			if cmd == "wait" {
				continue // wait's operands are ids
			}
			opts = false
			add(a)
		}
		return names, dynamic
	case "declare", "typeset", "local":
		ref := false
		for _, a := range rest {
			if a.Static() && strings.HasPrefix(a.Value, "-") && strings.Contains(a.Value, "n") {
				ref = true
			}
		}
		if !ref {
			return nil, false
		}
		// A reference's target is the variable its later assignments set.
		for _, a := range rest {
			if strings.HasPrefix(a.Value, "-") && a.Static() {
				continue
			}
			_, target, ok := strings.Cut(a.Value, "=")
			if !ok || target == "" {
				// A reference with no target takes the name its first
				// assignment gives.
				dynamic = true
				continue
			}
			add(Word{Value: target, Dynamic: a.Dynamic})
		}
		return names, dynamic
	}
	return nil, false
}

// codeVarSetters reports a setter builtin that assigns a code variable,
// or a variable whose name is not static, as an unresolved part.
func codeVarSetters(args []Word) []payload {
	names, dynamic := setterNames(args)
	var out []payload
	for _, n := range names {
		if codeVariable(n) || shellFileVar(n) {
			out = append(out, payload{unresolved: true, reason: ReasonProgramConfig, origin: args[0].Value,
				script: args[0].Value + " sets " + n + ", which changes which code later commands run"})
		}
	}
	if dynamic {
		out = append(out, payload{unresolved: true, reason: ReasonProgramConfig, origin: args[0].Value,
			script: args[0].Value + " sets a variable whose name is not static: it may be one that names code"})
	}
	return out
}

// loopVariable reports a for or select loop whose variable names code:
// each turn assigns it a word of the list.
func (p *parser) loopVariable(f *syntax.ForClause) {
	wi, ok := f.Loop.(*syntax.WordIter)
	if !ok || wi.Name == nil {
		return
	}
	if n := wi.Name.Value; codeVariable(n) || shellFileVar(n) {
		p.unresolved(ReasonProgramConfig, "a loop sets "+n+", which changes which code later commands run", f)
	}
}
