package bashparse

import (
	"slices"
	"testing"
)

// Round 21: shell options that change how later words are read, turned
// on in spellings bash reads as the option's name. Each attack row was run
// in bash 5.2 first (see engine/bypass_red21shell_test.go for the
// decisions).

// lastCommand returns the last command of src's analysis whose name is name.
func lastCommand(t *testing.T, src, name string) Command {
	t.Helper()
	a := Parse(src)
	for i := len(a.Commands) - 1; i >= 0; i-- {
		if a.Commands[i].Wide.Name == name {
			return a.Commands[i]
		}
	}
	t.Fatalf("%s: no %s command", src, name)
	return Command{}
}

func TestRed21shellSpells(t *testing.T) {
	for _, r := range []struct {
		src, needle string
		want        bool
	}{
		{`shopt -s dotglob`, "dotglob", true},
		{`shopt -s "dot"glob`, "dotglob", true},
		{`shopt -s 'dot'"glob"`, "dotglob", true},
		{`shopt -s dot\glob`, "dotglob", true},
		{"shopt -s dot\\\nglob", "dotglob", true},
		{`shopt -s $'dot\x67lob'`, "dotglob", true},
		{`shopt -s $'\144otglob'`, "dotglob", true},
		{`shopt -s dot$"glob"`, "dotglob", true},
		{`printf -v GLOB''IGNORE x`, "GLOBIGNORE", true},
		{`shopt -s $'cdable\x5fvars'`, "cdable_vars", true},
		// Neighbours: the letters apart, or another word between them.
		{`echo "dot" glob`, "dotglob", false},
		{`echo dot; echo glob`, "dotglob", false},
		{`git status`, "dotglob", false},
		{`echo $'dot\x20glob'`, "dotglob", false},
		{`x=dot$y"glob"`, "dotglob", false},
	} {
		if got := spells(r.src, r.needle); got != r.want {
			t.Errorf("spells(%q, %q) = %v, want %v", r.src, r.needle, got, r.want)
		}
	}
}

func TestRed21shellPhysical(t *testing.T) {
	for _, r := range []struct {
		src  string
		want bool
	}{
		{`set -P`, true},
		{`shopt -os physical`, true},
		{`shopt -s -o physical`, true},
		{`set -"P"`, true},
		{`s\et -P`, true},
		{`set -o phys\ical`, true},
		{`set -$'\x50'`, true},
		{`bash -P -c 'cd q/..'`, true},
		{`bash -o physical -c 'cd q/..'`, true},
		{`eval 's\et -P'`, true},
		// Neighbours.
		{`set -e; cd q/..`, false},
		{`echo P; cd src`, false},
		{`bash -c 'cd q/..'`, false},
		{`git log --format="%P"`, false},
	} {
		if got := setsPhysical(r.src); got != r.want {
			t.Errorf("setsPhysical(%q) = %v, want %v", r.src, got, r.want)
		}
	}
}

func TestRed21shellCdableVars(t *testing.T) {
	for _, r := range []struct {
		src     string
		alt     string // a directory the cat may run in ("" for none)
		unknown bool   // the directory is unknown
	}{
		{`shopt -s cdable_vars; x=/elsewhere; cd x && cat f`, "/elsewhere", false},
		{`shopt -s cdable_vars; x=../up; cd x && cat f`, "../up", false},
		{`shopt -s cdable_vars; cd HOME && cat f`, "~", false},
		{`shopt -s "cdable"_vars; cd HOME && cat f`, "~", false},
		{`shopt -s cdable_vars; x=/elsewhere; pushd x && cat f`, "/elsewhere", false},
		{`shopt -s cdable_vars; read x < l; cd x && cat f`, "", true},
		{`shopt -s cdable_vars; cd SOMEVAR && cat f`, "", true},
		// Neighbours: the option off, targets that are not names.
		{`x=/elsewhere; cd x && cat f`, "", false},
		{`shopt -s cdable_vars; cd ./src && cat f`, "", false},
		{`shopt -s cdable_vars; cd /abs && cat f`, "", false},
	} {
		c := lastCommand(t, r.src, "cat")
		if c.DirUnknown != r.unknown {
			t.Errorf("%s: DirUnknown = %v, want %v", r.src, c.DirUnknown, r.unknown)
		}
		if r.alt != "" && !slices.Contains(c.DirAlts, r.alt) && c.Dir != r.alt {
			t.Errorf("%s: dir %q alts %q, want %q among them", r.src, c.Dir, c.DirAlts, r.alt)
		}
		if r.alt == "" && !r.unknown && (slices.Contains(c.DirAlts, "/elsewhere") || slices.Contains(c.DirAlts, "~")) {
			t.Errorf("%s: alts %q hold a variable's directory", r.src, c.DirAlts)
		}
	}
}

func TestRed21shellGlobDots(t *testing.T) {
	for _, r := range []struct {
		src, name string
		want      string // a file or mention path the command must carry ("" for none)
	}{
		{`shopt -u globskipdots; cat .*/notes.txt`, "cat", "../notes.txt"},
		{`shopt -u globskipdots; cat .?/notes.txt`, "cat", "../notes.txt"},
		{`shopt -u globskipdots; cat .[.]/notes.txt`, "cat", "../notes.txt"},
		{`shopt -u globskipdots; cat .[!a]/notes.txt`, "cat", "../notes.txt"},
		{`shopt -u globskipdots; pr .*/notes.txt`, "pr", "../notes.txt"},
		{`shopt -u "glob"skipdots; cat .*/notes.txt`, "cat", "../notes.txt"},
		// Neighbours: the option on, or no leading dot.
		{`cat .*/notes.txt`, "cat", ""},
		{`shopt -u globskipdots; cat *.txt`, "cat", ""},
		{`shopt -u globskipdots; cat .e*`, "cat", ""},
	} {
		c := lastCommand(t, r.src, r.name)
		var paths []string
		for _, f := range append(append([]File(nil), c.Files...), c.Mentions...) {
			paths = append(paths, f.Path)
		}
		has := slices.Contains(paths, "../notes.txt")
		if r.want != "" && !slices.Contains(paths, r.want) || r.want == "" && has {
			t.Errorf("%s: paths %q, want %q", r.src, paths, r.want)
		}
	}
}

func TestRed21shellDotglobSpelled(t *testing.T) {
	for _, r := range []struct {
		src  string
		want bool // pr's mentions spell .*nv
	}{
		{`shopt -s dotglob; pr *nv`, true},
		{`shopt -s "dot"glob; pr *nv`, true},
		{`shopt -s dot\glob; pr *nv`, true},
		{`shopt -s $'dot\x67lob'; pr *nv`, true},
		{`printf -v GLOB''IGNORE x; pr *nv`, true},
		{`read GLOB""IGNORE <<<x; pr *nv`, true},
		{`declare -n r=GLOB""IGNORE; r=x; pr *nv`, true},
		{`let "GLOB""IGNORE=1"; pr *nv`, true},
		// Neighbours.
		{`pr *nv`, false},
		{`echo "dot" glob; pr *nv`, false},
	} {
		c := lastCommand(t, r.src, "pr")
		got := slices.ContainsFunc(c.Mentions, func(f File) bool { return f.Path == ".*nv" })
		if got != r.want {
			t.Errorf("%s: mentions %v, want .*nv: %v", r.src, c.Mentions, r.want)
		}
	}
}

func TestRed21shellHashOptions(t *testing.T) {
	// bash 5.2 removed v through ls after each attack row: hash reads
	// "dlp:rt" with getopt and binds every operand.
	for _, r := range []struct {
		src  string
		want bool // ls runs rm
	}{
		{`hash -p /bin/rm ls; ls v`, true},
		{`hash -rp /bin/rm ls; ls v`, true},
		{`hash -dp /bin/rm ls; ls v`, true},
		{`hash -lp /bin/rm ls; ls v`, true},
		{`hash -p/bin/rm ls; ls v`, true},
		{`hash -p /bin/rm -- ls; ls v`, true},
		{`hash -p /bin/rm cat ls; ls v`, true},
		{`ls v; hash -r -p /bin/rm ls`, true},
		// Neighbours: -t only lists, a name with a slash is skipped, no -p.
		{`hash -tp /bin/rm ls; ls v`, false},
		{`hash -p /bin/rm ./ls; ls v`, false},
		{`hash -r; ls v`, false},
		{`hash ls; ls v`, false},
	} {
		a := Parse(r.src)
		got := slices.ContainsFunc(a.Commands, func(c Command) bool { return c.Wide.Name == "rm" })
		if got != r.want {
			t.Errorf("%s: ls runs rm = %v, want %v", r.src, got, r.want)
		}
	}
}
