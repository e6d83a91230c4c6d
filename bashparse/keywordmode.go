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
func keywordMode(args []Word) bool {
	if len(args) < 2 {
		return false
	}
	name := path.Base(args[0].Value)
	switch {
	case name == "set":
	case name == "shopt":
		return shoptKeyword(args[1:])
	case scriptShells[name]:
	default:
		return false
	}
	rest := args[1:]
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		v := a.Value
		if !a.Static() {
			// An option of set not known statically may be -k; a shell's
			// dynamic word is already unresolved as what it runs.
			return name == "set"
		}
		if v == "--" || v == "-" || !strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "+") {
			return false // operands from here on
		}
		if strings.HasPrefix(v, "--") {
			continue // a long option of the shell (--norc …)
		}
		if v[0] == '-' && strings.ContainsRune(v[1:], 'k') {
			return true
		}
		if name != "set" && strings.ContainsRune(v[1:], 'c') {
			return false // the next word is the shell's script
		}
		if strings.HasSuffix(v, "o") && i+1 < len(rest) {
			// -o NAME (or +o NAME): the next word is an option's name.
			i++
			if v[0] == '-' && (!rest[i].Static() || rest[i].Value == "keyword") {
				return true
			}
		}
	}
	return false
}

// shoptKeyword reports shopt -s -o keyword (shopt -os keyword).
func shoptKeyword(args []Word) bool {
	set, opt := false, false
	for _, a := range args {
		if !a.Static() {
			return true
		}
		switch {
		case strings.HasPrefix(a.Value, "-"):
			set = set || strings.Contains(a.Value, "s")
			opt = opt || strings.Contains(a.Value, "o")
		case a.Value == "keyword":
			return set && opt
		}
	}
	return false
}
