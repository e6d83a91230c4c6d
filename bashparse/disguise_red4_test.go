package bashparse

import (
	"slices"
	"testing"
)

// TestWriteShapes: a dynamic write target keeps the spellings it may take
// (Unknown for run-time text, a parameter's default in its place).
func TestWriteShapes(t *testing.T) {
	const u = Unknown
	for _, c := range []struct {
		src  string
		want []string
	}{
		{`echo > "$D/.bashrc"`, []string{u + "/.bashrc"}},
		{`echo > "${X:-.claude/settings.json}"`, []string{u, ".claude/settings.json"}},
		{`echo > ${X:=.claude/settings.json}`, []string{u, ".claude/settings.json"}},
		{`tee "${X:-$H/.zshrc}"`, []string{u, u + "/.zshrc"}},
		{`echo > .clau"${X}"/s`, []string{".clau" + u + "/s"}},
		{`echo > ~+/.npmrc`, []string{u + "/.npmrc"}},
		{`echo > out.txt`, nil},
	} {
		a := Parse(c.src)
		var got []string
		for _, cmd := range a.Commands {
			for _, f := range cmd.Files {
				if f.Access == Write {
					got = append(got, f.Shapes...)
				}
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: shapes %q, want %q", c.src, got, c.want)
		}
	}
}
