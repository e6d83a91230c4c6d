package bashparse

import (
	"path"
	"strings"
)

// set -k (set -o keyword, bash -k) makes every NAME=value word of a later
// command an assignment to that command's environment, wherever it
// stands: set -k; git status GIT_CONFIG_PARAMETERS="'core.fsmonitor'='rm
// y'" runs rm y, while the analysis reads the word as an operand of a
// read-only git status. What the option turns into assignments is not
// followed: turning it on is an unresolved part.

// keywordMode reports whether args (a command's argv) turns on bash's
// keyword option.
func keywordMode(args []Word) bool { return shellOptionOn(args, 'k', "keyword") }

// shellOptionOn reports whether args (a command's argv: set, shopt -o or a
// shell's own options) turns on the shell option with the short letter
// and the set -o name given, or may do so through a word not known
// statically.
func shellOptionOn(args []Word, letter rune, long string) bool {
	if len(args) < 2 {
		return false
	}
	name := path.Base(args[0].Value)
	switch {
	case name == "set":
	case name == "shopt":
		return shoptOption(args[1:], long)
	case scriptShells[name]:
	default:
		return false
	}
	rest := args[1:]
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		v := a.Value
		if !a.Static() {
			// An option of set not known statically may be the one; a shell's
			// dynamic word is already unresolved as what it runs.
			return name == "set"
		}
		if v == "--" || v == "-" || !strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "+") {
			return false // operands from here on
		}
		if strings.HasPrefix(v, "--") {
			continue // a long option of the shell (--norc …)
		}
		if v[0] == '-' && strings.ContainsRune(v[1:], letter) {
			return true
		}
		if name != "set" && strings.ContainsRune(v[1:], 'c') {
			return false // the next word is the shell's script
		}
		if strings.HasSuffix(v, "o") && i+1 < len(rest) {
			// -o NAME (or +o NAME): the next word is an option's name.
			i++
			if v[0] == '-' && (!rest[i].Static() || rest[i].Value == long) {
				return true
			}
		}
	}
	return false
}

// shoptOption reports shopt -s -o NAME (shopt -os NAME) for the set -o
// name given.
func shoptOption(args []Word, long string) bool {
	set, opt := false, false
	for _, a := range args {
		if !a.Static() {
			return true
		}
		switch {
		case strings.HasPrefix(a.Value, "-"):
			set = set || strings.Contains(a.Value, "s")
			opt = opt || strings.Contains(a.Value, "o")
		case a.Value == long:
			return set && opt
		}
	}
	return false
}
