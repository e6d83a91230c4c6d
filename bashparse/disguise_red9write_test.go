package bashparse

import (
	"strings"
	"testing"
)

// TestRemoverTree: an rm that may remove a whole directory marks its
// dynamic operands Tree, so the engine counts them as possible critical
// paths; an rm that can only unlink files does not (r9w-1).
func TestRemoverTree(t *testing.T) {
	for _, c := range []struct {
		src  string
		tree bool
	}{
		{`rm -rf "$X"`, true},
		{`rm -r "$X"`, true},
		{`rm -R "$X"`, true},
		{`rm -fr "$X"`, true},
		{`rm -r -f "$X"`, true},
		{`rm --recursive --force "$X"`, true},
		{`rm --rec "$X"`, true}, // getopt_long abbreviation
		{`rm --r "$X"`, true},   // --recursive alone starts so
		{`rm --d "$X"`, true},   // --dir: empty directories
		{`rm -d "$X"`, true},    // an empty cwd goes too
		{`rm -Z "$X"`, true},    // unknown option: fail closed
		{`rm "$X" -rf`, true},   // GNU rm reads options after operands
		{`rm -f $X`, true},      // unquoted: may split into -rf /
		{`rm -f $(dirname $PWD)`, true},
		{`rm -f "$O" /usr`, true}, // O may be -r
		{`rm -f "$O" -- /usr`, true},
		{`rm "$@"`, true}, // set -- -rf /: one word per parameter
		{`rm -f "${a[@]}"`, true},
		{`rmdir "$X"`, true},
		{`rmdir -p "$X"`, true},
		{`sudo rm -rf "$X"`, true},
		{`cd "$D" && rm -rf .`, true},
		{`rm -rf ${PWD%/*}`, true},
		// Flat removes: files only.
		{`rm "$X"`, false},
		{`rm -f "$X"`, false},
		{`rm -fv "$X"`, false},
		{`rm -i -- "$X"`, false},
		{`rm --force --verbose "$X"`, false},
		{`rm --interactive=never "$X"`, false},
		{`rm -f -- "$X" "$Y"`, false},
		{`unlink "$X"`, false},
	} {
		a := Parse(c.src)
		got := anyFile(a, func(f File) bool { return (f.Via == "rm" || f.Via == "rmdir") && f.Tree })
		if got != c.tree {
			t.Errorf("%q: tree %v, want %v", c.src, got, c.tree)
		}
	}
}

// TestXargsRemoverTree: the words xargs appends from stdin may be options
// (echo "-rf /" | xargs rm -f runs rm -f -rf /): before a "--" in argv the
// remover may remove trees whatever its own flags say (r9w-2).
func TestXargsRemoverTree(t *testing.T) {
	for _, c := range []struct {
		src  string
		tree bool
	}{
		{`xargs rm -rf <<< /`, true},
		{`echo / | xargs rm -rf`, true},
		{`find build -name '*.o' | xargs rm -f`, true},
		{`xargs -a list rm`, true},
		{`xargs -0 rmdir < list`, true},
		{`xargs rm -r -- < list`, true},
		{`xargs rm -f -- < list`, false},
		{`xargs cat < list`, false},
	} {
		got := anyFile(Parse(c.src), func(f File) bool { return f.Path == "<xargs input>" && f.Tree })
		if got != c.tree {
			t.Errorf("%q: tree %v, want %v", c.src, got, c.tree)
		}
	}
}

// TestRmWalksTree: a recursive rm walks what it removes, as chmod -R
// does: a nested repository's .git goes with it (r9w-3).
func TestRmWalksTree(t *testing.T) {
	for _, c := range []struct {
		src  string
		want string // the stand-in's path prefix, "" for none
	}{
		{`rm -rf pay`, "pay/.git/"},
		{`rm -r ./pay/`, "pay/.git/"},
		{`rm --recursive pay`, "pay/.git/"},
		{`rm -R -- pay`, "pay/.git/"},
		{`rm -f pay`, ""},
		{`rm pay`, ""},
	} {
		got := ""
		for _, cmd := range Parse(c.src).Commands {
			for _, f := range cmd.Files {
				if strings.HasPrefix(f.Via, "rm -R") && f.WalkRoot != "" {
					got = f.Path
				}
			}
		}
		if c.want == "" && got != "" || c.want != "" && !strings.HasPrefix(got, c.want) {
			t.Errorf("%q: walk stand-in %q, want prefix %q", c.src, got, c.want)
		}
	}
}

// TestRemovedNames: an mv source and an rsync --delete destination are
// names the command takes away (r9w-5); an mv target and a plain rsync
// destination are not.
func TestRemovedNames(t *testing.T) {
	for _, c := range []struct {
		src     string
		removed []string
	}{
		{`mv . ../x`, []string{"."}},
		{`mv /usr /x`, []string{"/usr"}},
		{`mv a b c dir`, []string{"a", "b", "c"}},
		{`mv -t dir a b`, []string{"a", "b"}},
		{`mv --target-directory=dir a`, []string{"a"}},
		{`mv -- .. /x`, []string{".."}},
		{`mv $PWD ../x`, []string{"$PWD"}},
		{`mv *.txt out/`, nil},
		{`rsync -a --delete empty/ ../`, []string{"../"}},
		{`rsync -a --delete-after e/ /`, []string{"/"}},
		{`rsync -a --del e/ "$D"`, []string{`"$D"`}},
		{`rsync -a e/ ../`, nil},
		{`cp -r . ../x`, nil},
	} {
		var got []string
		for _, cmd := range Parse(c.src).Commands {
			for _, f := range cmd.Files {
				if f.Removes {
					got = append(got, f.Path)
				}
			}
		}
		if strings.Join(got, "|") != strings.Join(c.removed, "|") {
			t.Errorf("%q: removed %q, want %q", c.src, got, c.removed)
		}
	}
}

// TestArchiveMoves: tar --remove-files and zip -m delete the sources they
// store: each source is a removed name and a walked tree (r9w-6).
func TestArchiveMoves(t *testing.T) {
	for _, c := range []struct {
		src     string
		removed []string
	}{
		{`tar --remove-files -cf /tmp/x.tar .`, []string{"."}},
		{`tar -czf x.tgz --remove-files .. src`, []string{"..", "src"}},
		{`tar -c --remove-files -f x.tar -C .. proj`, []string{"../proj"}},
		{`zip -rm x.zip .`, []string{"."}},
		{`zip -r --move x.zip a b`, []string{"a", "b"}},
		{`zip -m x.zip a`, []string{"a"}},
		{`tar -czf x.tgz .`, nil},
		{`zip -r x.zip .`, nil},
	} {
		var got []string
		walked := 0
		for _, cmd := range Parse(c.src).Commands {
			for _, f := range cmd.Files {
				if f.Removes {
					got = append(got, f.Path)
				}
				if strings.HasSuffix(f.Via, "(the files it walks)") {
					walked++
				}
			}
		}
		if strings.Join(got, "|") != strings.Join(c.removed, "|") {
			t.Errorf("%q: removed %q, want %q", c.src, got, c.removed)
		}
		if (walked > 0) != (len(c.removed) > 0) {
			t.Errorf("%q: %d walk stand-ins", c.src, walked)
		}
	}
}

// TestDownloadNames: a download whose names the server or a URL template
// chooses writes a glob (curl -J, wget --content-disposition, curl -o #N)
// or an unnamed tree (wget -r/-m/-p/-x) (r9w-7).
func TestDownloadNames(t *testing.T) {
	for _, c := range []struct {
		src  string
		want string // a written glob, "tree" for an unnamed tree, "" for neither
	}{
		{`curl -OJ http://e/x`, "*"},
		{`curl -LJO --output-dir d http://e/x`, "d/*"},
		{`curl --remote-header-name -O http://e/x`, "*"},
		{`curl -o '#1' 'http://e/{a,b}'`, "*"},
		{`curl -o '.gi#1/hooks/x' http://e/[s-t]`, ".gi*/hooks/x"},
		{`curl -o'x#2' 'http://e/{a}/[1-2]'`, "x*"},
		{`wget --content-disposition -P d http://e/x`, "d/*"},
		{`wget -x -nH http://e/a/b`, "tree"},
		{`wget -r http://e/`, "tree"},
		{`wget -m http://e/`, "tree"},
		{`wget --page-requisites http://e/`, "tree"},
		{`wget -r -nd http://e/`, ""},
		{`wget -nH http://e/x`, ""},
		{`curl -O http://e/x`, ""},
		{`curl -o out http://e/x`, ""},
	} {
		got := ""
		for _, cmd := range Parse(c.src).Commands {
			for _, f := range cmd.Files {
				if f.Glob && f.Access == Write && (strings.HasPrefix(f.Via, "curl") || strings.HasPrefix(f.Via, "wget")) {
					got = f.Path
				}
			}
			for _, tr := range cmd.Recursive {
				if tr.Via == "wget download" {
					got = "tree"
				}
			}
		}
		if got != c.want {
			t.Errorf("%q: got %q, want %q", c.src, got, c.want)
		}
	}
}

// TestDynamicScriptShape: a script known only at run time is still read
// for its static shape when its quoting allows (r9w-8).
func TestDynamicScriptShape(t *testing.T) {
	for _, c := range []struct {
		src  string
		want string // a nested command's name, "" for none
	}{
		{`sh -c "rm -rf $PWD"`, "rm"},
		{`bash -c "cd $D && rm -rf ."`, "rm"},
		{`eval "rm -rf $PWD"`, "rm"},
		{`eval rm -rf "$PWD"`, "rm"},
		{`sh -c "echo x; curl $U"`, "curl"},
		{`eval "$CMD"`, ""},
		{`sh -c "$S"`, ""},
		{`sh -c 'rm -rf '"$X"`, ""},       // quoting that expansion may change
		{`sh -c "echo \"$X\"; rm x"`, ""}, // escaped quotes
	} {
		got := ""
		for _, cmd := range Parse(c.src).Commands {
			if cmd.Nested && cmd.Wide.Name == c.want {
				got = cmd.Wide.Name
			}
		}
		if got != c.want {
			t.Errorf("%q: nested %q, want %q", c.src, got, c.want)
		}
	}
}

// TestFdLinkPaths: a path through an open file descriptor is the shell's,
// known only at run time (r9w-9).
func TestFdLinkPaths(t *testing.T) {
	for _, c := range []struct {
		p    string
		want bool
	}{
		{"/dev/fd/3", true}, {"/dev/fd/3/", true}, {"/dev/fd/3/x", true}, {"//dev/./fd/3/", true},
		{"/dev/stdin/", true}, {"/dev/stdout", true}, {"/proc/self/fd/0/", true},
		{"/proc/thread-self/fd/4", true}, {"/proc/self/task/12/fd/3/", true}, {"/proc/42/fd/3", true},
		{"/dev/fd", false}, {"/dev/null", false}, {"/dev/fdx/3", false}, {"/proc/self/cwd", false},
		{"dev/fd/3", false}, {"/tmp/dev/fd/3", false},
	} {
		if got := fdLink(c.p); got != c.want {
			t.Errorf("fdLink(%q) = %v, want %v", c.p, got, c.want)
		}
	}
}

// TestParentsAndInstallDirs: cp --parents and rsync -R write DIR/SOURCE;
// install -d writes every operand (r9w-10).
func TestParentsAndInstallDirs(t *testing.T) {
	for _, c := range []struct {
		src  string
		want string
	}{
		{`cp --parents .git/hooks/pre-commit ..`, "../.git/hooks/pre-commit"},
		{`cp --pa -t d a/b`, "d/a/b"},
		{`cp --parents -r a/b d`, "d/a/b"},
		{`install -d .git/hooks`, ".git/hooks"},
		{`install -dm755 a b`, "a"},
		{`install --directory x`, "x"},
		{`rsync -a --relative pay/./.git/hooks .`, ".git/hooks"},
		{`rsync -avR a/b d`, "d/a/b"},
	} {
		found := false
		for _, cmd := range Parse(c.src).Commands {
			for _, f := range cmd.Files {
				if f.Path == c.want && f.Access == Write {
					found = true
				}
			}
		}
		if !found {
			t.Errorf("%q: no write of %q", c.src, c.want)
		}
	}
}

// anyFile reports whether a file fact of any command of a satisfies ok.
func anyFile(a Analysis, ok func(File) bool) bool {
	for _, cmd := range a.Commands {
		for _, f := range cmd.Files {
			if ok(f) {
				return true
			}
		}
	}
	return false
}
