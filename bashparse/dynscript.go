package bashparse

import "strings"

// dynamicScriptText is the text a script known only at run time has
// before the outer shell expands it, when that text is plain enough to
// read as the script it becomes: one double-quoted word (sh -c "rm -rf
// $PWD", eval "cd $D && rm -rf .") or words joined with no quoting around
// expansions (eval rm -rf "$PWD"). Its commands are analysed as well as
// the unresolved part is kept, so a deny rule, an ask rule or a
// critical-path rm still sees them (the expansion may add more, never
// take these away). Text whose quoting changes meaning once expanded
// (single quotes around expansions, escaped quotes) is left alone.
func dynamicScriptText(pay payload) (string, bool) {
	s := pay.script
	if pay.unresolved || pay.argv != nil || s == "" {
		return "", false
	}
	if wholeQuoted(Word{Value: s}) {
		s = s[1 : len(s)-1]
	}
	if strings.ContainsAny(s, `\'`) || strings.Count(s, `"`)%2 != 0 {
		return "", false
	}
	if !strings.ContainsAny(s, " \t\n;&|") {
		return "", false // one word ("$CMD"): nothing static to read
	}
	return s, true
}
