package bashparse

import (
	"slices"
	"testing"
)

// wideTexts lists the wide text of every command a's script runs.
func wideTexts(a Analysis) []string {
	var out []string
	for _, c := range a.Commands {
		out = append(out, c.Wide.Text)
	}
	return out
}

// TestLiteralSingleQuotes: bash expands an arithmetic expression, and the
// word of ${x:-w} inside double quotes, as double-quoted text, where a
// single quote is an ordinary character; the command substitutions in
// such quotes run (r9-1, checked with bash 5.2).
func TestLiteralSingleQuotes(t *testing.T) {
	for _, c := range []struct {
		src  string
		want string // a command the script runs, or "" for an unresolved part only
	}{
		{`echo $(( '$(rm y)' ))`, "rm y"},
		{`echo $[ '$(rm y)' ]`, "rm y"},
		{`(( '$(rm y)' ))`, "rm y"},
		{`for (( i='$(rm y)'; 0; )); do :; done`, "rm y"},
		{`a['$(rm y)']=1`, "rm y"},
		{`a=(['$(rm y)']=1)`, "rm y"},
		{`declare a['$(rm y)']=1`, "rm y"},
		{`let x=a['$(rm y)']`, "rm y"},
		{`echo ${HOME:'$(rm y)'}`, "rm y"},
		{`echo ${HOME:0:'$(rm y)'}`, "rm y"},
		{"echo ${HOME::'`rm y`'}", "rm y"},
		{`echo ${#HOME['$(rm y)']}`, "rm y"},
		{`echo $(( x['$(rm y)'] ))`, "rm y"},
		{`echo $(( $'$(rm y)' ))`, "rm y"},
		{`echo "$(( '$(rm y)' ))"`, "rm y"},
		{`echo "${x:-'$(rm y)'}"`, "rm y"},
		{`echo "${x:='$(rm y)'}"`, "rm y"},
		{`echo "${x:+'$(rm y)'}"`, "rm y"},
		{"echo \"${x-'`rm y`'}\"", "rm y"},
		{`echo "${x:-a'$(rm y)'b}"`, "rm y"},
		{`echo "${x:-${z:-'$(rm y)'}}"`, "rm y"},
		{`echo $(( ${x:-'$(rm y)'} ))`, "rm y"},
		{"cat <<E\n${x:-'$(rm y)'}\nE", "rm y"},
		{"cat <<E\n$(( '$(rm y)' ))\nE", "rm y"},
		{`echo "$(echo "${x:-'$(rm y)'}")"`, "rm y"},
		{`echo $(( $'\x24(rm y)' ))`, ""},
		{`echo "${x:-$'\x24(rm y)'}"`, ""},
		{`echo "${x:-'a"$(rm y)"b'}"`, ""},
	} {
		a := Parse(c.src)
		if c.want != "" && !slices.Contains(wideTexts(a), c.want) {
			t.Errorf("Parse(%q) runs %q, want %q among them", c.src, wideTexts(a), c.want)
		}
		if c.want == "" && !slices.ContainsFunc(a.Unresolved, func(u Unresolved) bool { return u.Reason == ReasonDynamicShell }) {
			t.Errorf("Parse(%q): no unresolved part: %+v", c.src, a.Unresolved)
		}
	}
	// Quotes bash honours stay quotes: nothing runs.
	for _, src := range []string{
		`echo ${x:-'$(rm y)'}`, `echo "${x#'$(rm y)'}"`, `echo "${x/a/'$(rm y)'}"`, `echo "${x:?'$(rm y)'}"`,
		`echo "$(echo '$(rm y)')"`, `let x='$(rm y)'`, `[[ '$(rm y)' == x ]]`, "cat <<'E'\n${x:-'$(rm y)'}\nE",
		`awk '{print $1}' f`, `echo "${x:-'a'}"`, `echo $(( 'a' ))`,
	} {
		a := Parse(src)
		if slices.Contains(wideTexts(a), "rm y") {
			t.Errorf("Parse(%q) runs rm y: bash honours these quotes", src)
		}
	}
}
