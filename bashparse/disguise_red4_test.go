package bashparse

import (
	"slices"
	"strings"
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
				if f.Access == Write && f.Dynamic {
					got = append(got, Shapes(f.Path)...)
				}
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: shapes %q, want %q", c.src, got, c.want)
		}
	}
}

// Disguises of the fourth pass, each checked against real bash.
func init() {
	disguises = append(disguises,
		// Programs with a command language of their own (r4-3).
		`sqlite3 :memory: <<< '.shell rm victim'`, `sqlite3 :memory: '.sh rm victim'`,
		`sqlite3 -cmd '.system rm victim' :memory: 'select 1'`,
		"ed -s victim <<'E'\n!rm victim\nq\nE", `vim -es -c '!rm victim' -c 'qa!'`,
		`vim -es +'exe "!r"."m victim"' +'qa!'`,
	)
}

// make variables that name programs (r4-4): checked against real bash
// with a makefile whose recipe runs them.
func init() {
	disguises = append(disguises,
		"printf 'all:\\n\\t$(CC) victim\\n' > sub/mk; make -s -f sub/mk CC=rm",
	)
}

// TestLessReadOnly: less is not read-only in any form — Claude Code asks
// for it too — so a start-up command that does more than move (r4-5) is
// left to the power checks a prefix rule meets (engine's r4-5 rows).
func TestLessReadOnly(t *testing.T) {
	for _, args := range []string{"+G f", "+100 f", "+/TODO f", "-R f", "+!rm f", "++!rm f", "+v f", "-k keys f", "--lesskey-src=k f"} {
		if IsReadOnly("less", strings.Fields(args)) {
			t.Errorf("less %s: read-only", args)
		}
	}
}

// TestZshForms: where the Bash tool runs zsh, =rm is rm's path and glob
// qualifiers e:CODE: and +NAME run code (r4-9); real bash shows neither.
func TestZshForms(t *testing.T) {
	for _, src := range []string{`=rm x`, `/usr/bin/=rm x`} {
		if a := Parse(src); len(a.Commands) == 0 || a.Commands[0].Wide.Name != "rm" {
			t.Errorf("%s: wide view %+v, want rm", src, a.Commands)
		}
	}
	for src, want := range map[string]bool{`ls *(e:'rm x':)`: true, `ls *(.e:'rm x':)`: true, `echo *(e['rm x'])`: true,
		`ls *(+f)`: true, `ls *(o+f)`: true, `ls *(a|b)`: false, `ls !(vendor)`: false, `ls ?(e)`: false, `ls **/*(.)`: false} {
		got := false
		for _, u := range Parse(src).Unresolved {
			got = got || u.Reason == ReasonDynamicShell
		}
		if got != want {
			t.Errorf("%s: unresolved %v, want %v", src, got, want)
		}
	}
}

// Prompt expansion of a value (r4-10).
func init() {
	disguises = append(disguises, `x='$(rm victim)'; echo "${x@P}"`, `x='$(rm victim)'; : ${x@P}`)
}
