package bashparse

import (
	"path"
	"strings"
)

// A word known only at run time can be an option: x=-T.env; curl "$x"
// URL uploads .env, x=-f.env; grep "$x" f reads it, x=--output=F; git log
// "$x" writes F. The option checks (powerOptions, the git tables) read
// static words, so such a word is followed two ways. When every variable
// in it has literal values the script gives, the command spelled with
// those values is a witness for deny and ask rules, as for any argument a
// variable spells (dynamicArg, varCommandWitnesses). When its value is not
// known and the program has options that run code or name files (the
// programs table), the word may be any of them: an unresolved part. Words
// after a static "--" are operands (find's expression excepted), and a
// word with a static first character other than "-" (./$f, origin/$b)
// cannot begin an option unless an unquoted expansion in it may split it
// into more words (fieldsplit.go).

// pathVars are variables bash or the login sets to an absolute path: a
// script that does not assign them cannot make them an option.
var pathVars = map[string]bool{"PWD": true, "OLDPWD": true, "HOME": true, "TMPDIR": true}

// optionWords names an argument word of inner (the peeled argv) whose
// value is not known and may begin with "-", when inner's program has
// power options; "" when there is none.
func (s *shellState) optionWords(inner []Word) (unknown string) {
	if len(inner) < 2 || !inner[0].Static() {
		return ""
	}
	// find reads its actions (-exec, -delete, -fprint …) after "--" too.
	find := path.Base(inner[0].Value) == "find"
	if !find && !hasPowerOptions(inner) {
		return ""
	}
	for _, w := range inner[1:] {
		if w.Static() {
			if w.Value == "--" && !find {
				break
			}
			continue
		}
		if !w.Dynamic {
			if w.Glob && globOption(w.Value) {
				return w.Value
			}
			continue // a glob, brace or tilde word is read by the file checks
		}
		src := strings.TrimLeft(w.Value, `"'`)
		if (src == "" || src[0] != '$' && src[0] != '`' && src[0] != '-') && !unquotedExpansion(w.Value) {
			continue
		}
		known := !strings.ContainsAny(simpleParam.ReplaceAllString(w.Value, ""), "$`")
		for _, m := range simpleParam.FindAllStringSubmatch(w.Value, -1) {
			name := m[1] + m[2]
			vals := s.vars[name]
			switch {
			case pathVars[name] && len(vals) == 0 && !s.tainted[name]:
			case s.strTainted[name] || len(vals) == 0 && !s.tainted[name]:
				known = false // a number (taintNum) is no option
			}
		}
		if !known {
			return w.Value
		}
	}
	return ""
}

// hasPowerOptions reports whether the programs table has options for
// inner's program (and, for one with subcommands, for its subcommand)
// that run code, name a program or read or write files.
func hasPowerOptions(inner []Word) bool {
	base := path.Base(inner[0].Value)
	own, more := programs[base], morePrograms()[base]
	if len(own) == 0 && len(more) == 0 {
		return false
	}
	sub := ""
	for _, a := range inner[1:] {
		if !strings.HasPrefix(a.Value, "-") {
			sub = a.Value
			break
		}
	}
	// The two tables are read in place: this runs for every command word.
	for _, progs := range [2][]program{own, more} {
		for i := range progs {
			if p := &progs[i]; p.sub == "" || p.sub == sub {
				return true
			}
		}
	}
	return false
}

// globOption reports a glob word shaped as an option whose name the glob
// spells (-del?te, --outpu*, -*): bash replaces it with the names of
// matching files, and a file the agent made (touch ./-delete) makes it
// that option. A glob only in the value (--include=*.go) keeps the option.
func globOption(v string) bool {
	if len(v) < 2 || v[0] != '-' {
		return false
	}
	g := strings.IndexAny(v, "*?[")
	eq := strings.IndexByte(v, '=')
	return g >= 0 && (eq < 0 || g < eq)
}
