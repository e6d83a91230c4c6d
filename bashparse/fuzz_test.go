package bashparse

import (
	"slices"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// FuzzParse: no panics, no hangs; any input that can run hidden commands
// ($(, backticks, <(, eval, -c) either lists the inner commands or reports
// them unresolved.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"ls -la", "echo $(rm x)", "echo `id`", "diff <(ls) <(ls -a)", "eval 'rm x'",
		"bash -c 'rm -rf /'", "sudo -u x env A=1 timeout 5 rm x", "find . -exec rm {} \\;", "cat <<E\n$(id)\nE",
		"f() { rm x; }; f", "x=$(y) z", "git -C d push", "a && b || c | d & e; f", "'unterminated",
		`echo "a  b" c`, "sudo  rm   -rf x", "FOO=1 nice -n 5 ls -l", "echo > f hi there", "/bin/rm -f x y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		a := Parse(src)
		risky := strings.Contains(src, "$(") || strings.Contains(src, "`") || strings.Contains(src, "<(") ||
			strings.Contains(src, "eval") || strings.Contains(src, "-c")
		if risky && len(a.Commands) == 0 && len(a.Unresolved) == 0 && strings.TrimSpace(src) != "" && !onlyComments(src) {
			t.Fatalf("Parse(%q): nothing listed and nothing unresolved", src)
		}
		// The lines before a syntax error are listed (bash runs them), and
		// the error stays unresolved so that nothing approves them.
		if a.Err != nil && !slices.ContainsFunc(a.Unresolved, func(u Unresolved) bool { return u.Reason == ReasonParseError }) {
			t.Fatalf("Parse(%q): a parse error that is not unresolved", src)
		}
		if a.Err == nil && len(src) <= MaxLength {
			everyCallListed(t, src, a)
		}
		viewsConsistent(t, src, a)
	})
}

// viewsConsistent: a view's text is its name and arguments joined by
// spaces, whether it was built or taken from the source, and no later
// command's slices wrote over an earlier one's.
func viewsConsistent(t *testing.T, src string, a Analysis) {
	t.Helper()
	for i, c := range a.Commands {
		for _, v := range []View{c.Narrow, c.Wide} {
			if v.Name == "" && len(v.Args) == 0 {
				continue
			}
			if want := strings.Join(append([]string{v.Name}, v.Args...), " "); v.Text != want {
				t.Fatalf("Parse(%q): command %d: view text %q, name and args say %q", src, i, v.Text, want)
			}
		}
	}
}

// everyCallListed: every simple command of the syntax tree — inside $( ),
// backticks, <( ), groups, functions, here-documents — is a listed command
// at its own position, unless the analysis says it went too deep.
func everyCallListed(t *testing.T, src string, a Analysis) {
	for _, u := range a.Unresolved {
		// Too deep: not walked. A carriage return: parsed as bash reads
		// it (a word character), where mvdan.cc/sh reads a blank.
		if u.Reason == ReasonTooDeep || u.Reason == ReasonCarriageReturn {
			return
		}
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), "")
	if err != nil {
		return
	}
	at := map[int]bool{}
	for _, c := range a.Commands {
		if !c.Nested {
			at[c.Span.Offset] = true
		}
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		if st, ok := n.(*syntax.Stmt); ok {
			if _, call := st.Cmd.(*syntax.CallExpr); call && !at[int(st.Pos().Offset())] && !at[int(st.Cmd.Pos().Offset())] {
				t.Fatalf("Parse(%q): the command at offset %d is not listed: %s", src, st.Pos().Offset(), summary(a))
			}
		}
		return true
	})
}

// onlyComments reports input that parses to no statement at all (comments,
// words inside them) and so runs nothing.
func onlyComments(src string) bool {
	a := Parse(src)
	return a.Err == nil && len(a.Commands) == 0 && len(a.Unresolved) == 0
}
