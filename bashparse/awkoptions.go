package bashparse

import (
	"strings"

	"github.com/agentctl/agentctl/internal/lazyre"
)

// mawk's (and gawk's) -W takes a value, attached (-Wi) or the next word
// (-W interactive), a comma-separated list of option names that may be
// abbreviated (-Wi,e). Two things follow from it: the value is not the
// program text (awk -W interactive 'BEGIN{system("rm -rf src")}' runs the
// second word), and "exec" in any spelling (-We, -Wex, -W exec) makes the
// next word the file the program is read from, as -f does.
//
// gawk's -l/--load EXT and -E/--exec FILE load an extension or take the
// program from a file and end the options; they are never approved by a
// prefix rule (the reference asks: "awk has an option that can't be
// checked before it runs"). Likewise an awk program that runs a command
// (system(), a pipe to or from a command) or loads code (@load,
// @include, an @indirect call) has a power: a Bash(awk *) rule approves
// a filter, not a shell, while the commands it runs are still checked
// against deny and ask rules.

// awkNames are the awk implementations whose options awkWOptions reads.
var awkNames = map[string]bool{"awk": true, "mawk": true, "gawk": true, "nawk": true}

// awkWExec reports whether the value of a -W option asks for exec: one of
// its comma-separated items, before any "=", is a prefix of "exec".
func awkWExec(value string) bool {
	for _, item := range strings.Split(value, ",") {
		name, _, _ := strings.Cut(item, "=")
		if name != "" && strings.HasPrefix("exec", name) {
			return true
		}
	}
	return false
}

// awkWValue returns the value of a -W option at args[i] and the index of
// its last word; ok is false when args[i] is not a -W option.
func awkWValue(args []Word, i int) (value string, last int, ok bool) {
	v := args[i].Value
	switch {
	case v == "-W":
		if i+1 < len(args) {
			return args[i+1].Value, i + 1, true
		}
		return "", i, true
	case strings.HasPrefix(v, "-W"):
		return v[2:], i, true
	}
	return "", i, false
}

// awkWOptions finds an awk command's options that load code or read the
// program from a file: -W exec FILE (a readsScript use, like -f FILE),
// -l/--load and -E/--exec (namesProgram).
func awkWOptions(words []Word) []optionUse {
	if len(words) < 2 || !awkNames[words[0].Value] {
		return nil
	}
	args := words[1:]
	var out []optionUse
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if v == "--" || !strings.HasPrefix(v, "-") || v == "-" {
			return out // the program text or the end of the options
		}
		if n, val, ok := awkLoadOption(args, i); ok {
			out = append(out, optionUse{name: n, value: val, kind: namesProgram, word: args[i]})
			if n == "-E" || n == "--exec" {
				return out // -E ends the options
			}
			if !strings.Contains(v, "=") && len(v) == len(n) {
				i++
			}
			continue
		}
		if v == "-f" || v == "-v" || v == "-F" || v == "-i" || v == "--include" {
			i++
			continue
		}
		value, last, ok := awkWValue(args, i)
		if !ok {
			continue
		}
		if awkWExec(value) || !args[i].Static() || (last > i && !args[last].Static()) {
			if last+1 < len(args) {
				out = append(out, optionUse{name: "-W exec", value: args[last+1].Value, kind: readsScript, word: args[last+1]})
			}
			return out
		}
		i = last
	}
	return out
}

// awkLoadOption reads gawk's -l/--load and -E/--exec at args[i]: the
// option's name and its value (attached, after "=", or the next word).
func awkLoadOption(args []Word, i int) (name, value string, ok bool) {
	v := args[i].Value
	for _, n := range []string{"--load", "--exec"} {
		if v == n || strings.HasPrefix(v, n+"=") {
			if val, has := strings.CutPrefix(v, n+"="); has {
				return n, val, true
			}
			if i+1 < len(args) {
				return n, args[i+1].Value, true
			}
			return n, "", true
		}
	}
	for _, n := range []string{"-l", "-E"} {
		if strings.HasPrefix(v, n) {
			if len(v) > 2 {
				return n, v[2:], true
			}
			if i+1 < len(args) {
				return n, args[i+1].Value, true
			}
			return n, "", true
		}
	}
	return "", "", false
}

// awkCodeCall matches what makes an awk program run a command or load
// code: system(), a pipe to or from a literal command, a coprocess,
// @load, @include and an indirect call @name(. A pipe to a computed
// command is awkDynamic's; a regexp's alternation (/a|b/) and a "|"
// string are neither (awkMaskLiterals blanks both first).
var awkCodeCall = lazyre.New(`system\s*\(|\|\s*getline|\|&|\|\s*"|@\s*(?:load|include)\b|@[A-Za-z_][A-Za-z0-9_]*\s*\(`)

// awkRunsPowers is the power of an awk command whose program runs a
// command or loads code: its commands are still checked (awkPayloads),
// but no prefix rule approves it. Every word is looked at, as
// scriptFiles does: the program's place depends on the options.
func awkRunsPowers(words []Word) []string {
	for _, w := range words[1:] {
		if awkCodeCall.MatchString(strings.ReplaceAll(awkMaskLiterals(w.Value), "||", " ")) {
			return []string{words[0].Value + " program runs a command or loads code (system(), a pipe, @load)"}
		}
	}
	return nil
}
