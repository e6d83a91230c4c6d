package bashparse

import "strings"

// mawk's (and gawk's) -W takes a value, attached (-Wi) or the next word
// (-W interactive), a comma-separated list of option names that may be
// abbreviated (-Wi,e). Two things follow from it: the value is not the
// program text (awk -W interactive 'BEGIN{system("rm -rf src")}' runs the
// second word), and "exec" in any spelling (-We, -Wex, -W exec) makes the
// next word the file the program is read from, as -f does.

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

// awkWOptions finds -W exec FILE in an awk command's options: FILE holds
// the program (a readsScript use, like -f FILE).
func awkWOptions(words []Word) []optionUse {
	if len(words) < 2 || !awkNames[words[0].Value] {
		return nil
	}
	args := words[1:]
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if v == "--" || !strings.HasPrefix(v, "-") || v == "-" {
			return nil // the program text or the end of the options
		}
		if v == "-f" || v == "-v" || v == "-F" {
			i++
			continue
		}
		value, last, ok := awkWValue(args, i)
		if !ok {
			continue
		}
		if awkWExec(value) || !args[i].Static() || (last > i && !args[last].Static()) {
			if last+1 < len(args) {
				return []optionUse{{name: "-W exec", value: args[last+1].Value, kind: readsScript, word: args[last+1]}}
			}
			return nil
		}
		i = last
	}
	return nil
}
