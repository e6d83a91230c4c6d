package bashparse

import (
	"path"

	"github.com/agentctl/agentctl/internal/lazyre"
)

// Builtins that bind a name to code for later commands, or run code an
// option names, read their arguments as data: alias "$a" with a=ls=rm
// makes ls run rm, hash -p $x with x='/bin/rm ls' binds ls to rm,
// compgen $x with x='-C rm' runs rm, enable $x with x='-f ./x.so ls'
// loads code, and export "$x" with x=PATH=dir changes every later
// lookup. The analysis follows these words only when they are static
// (the alias, hash and option checks read Word.Value): a word known only
// at run time may be any of those, so it is an unresolved part.

// stateBuiltins are the builtins whose dynamic arguments are unresolved,
// with the reason given.
var stateBuiltins = map[string]Reason{
	"alias": ReasonAlias, "hash": ReasonProgramConfig, "enable": ReasonProgramConfig,
	"compgen": ReasonProgramConfig, "complete": ReasonProgramConfig, "bind": ReasonProgramConfig,
	"fc": ReasonProgramConfig, "mapfile": ReasonProgramConfig, "readarray": ReasonProgramConfig,
}

// declBuiltins assign the variables their NAME=value words name.
var declBuiltins = map[string]bool{"export": true, "readonly": true, "declare": true, "typeset": true, "local": true}

// declNamed matches a declaration word whose variable name is static
// (FOO=$x, "FOO=$x", FOO+=$x): only its value is known at run time, which
// the assignment checks read.
var declNamed = lazyre.New(`^["']?[A-Za-z_][A-Za-z0-9_]*\+?=`)

// dynamicStateWord returns the reason and the first argument of a state
// builtin (inner is the peeled argv) that is not known statically; ok is
// false when there is none.
func dynamicStateWord(inner []Word) (reason Reason, word string, ok bool) {
	if len(inner) < 2 || !inner[0].Static() {
		return "", "", false
	}
	name := path.Base(inner[0].Value)
	reason, state := stateBuiltins[name]
	if !state && !declBuiltins[name] {
		return "", "", false
	}
	for _, w := range inner[1:] {
		if w.Static() {
			continue
		}
		if declBuiltins[name] {
			if declNamed.MatchString(w.Value) {
				continue
			}
			reason = ReasonProgramConfig
		}
		return reason, w.Value, true
	}
	return "", "", false
}
