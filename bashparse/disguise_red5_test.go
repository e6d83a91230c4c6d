package bashparse

import (
	"slices"
	"strings"
	"testing"
)

// TestMentionMayWrite: the words a command may write although no table
// says so are marked (r5-1): an unknown program's operands and option
// values, an in-place editor's files; not those of a read-only command,
// of a program that only names files, or of a git form that stages,
// records or compares the paths it is given.
func TestMentionMayWrite(t *testing.T) {
	for _, c := range []struct {
		src  string
		want []string // the mentions marked MayWrite
	}{
		{`perl -pi -e s/a/b/ .git/config`, []string{"i", "s/a/b/", ".git/config"}},
		{`ruby -i -pe x .bashrc`, []string{"e", "x", ".bashrc"}},
		{`foo --out=.git/config`, []string{".git/config"}},
		{`foo -o .git/x`, []string{".git/x"}},
		{`python3 x.py .claude/settings.json`, []string{"x.py", ".claude/settings.json"}},
		{`git rm .gitmodules`, []string{".gitmodules"}},
		{`git stash push -- .gitmodules`, []string{"push", ".gitmodules"}},
		// A variable the script set spells an option value (r5-3).
		// The second .git/config and .env are the witness foo --out=.git/config
		// (varcommand.go) a deny rule on foo's options sees.
		{`p=.git; foo --out=$p/config`, []string{"config", "$p/config", ".git/config", ".git/config"}},
		{`f=.env; foo --in=$f`, []string{"$f", ".env", ".env"}},
		{`git add .gitmodules`, nil},
		{`git -c a=b add .gitmodules`, nil},
		{`git commit -m m .gitmodules`, nil},
		{`git log -- .claude/settings.json`, nil},
		{`git diff .claude/settings.json`, nil},
		{`git restore --staged .claude/settings.json`, nil},
		{`git config --blob HEAD:.gitmodules a.b c`, nil},
		{`cat .bashrc`, nil},
		{`grep x .git/config`, nil},
		{`ls .git`, nil},
		{`echo .git/config`, nil},
	} {
		a := Parse(c.src)
		var got []string
		for _, cmd := range a.Commands {
			for _, m := range cmd.Mentions {
				if m.MayWrite {
					got = append(got, m.Path)
				}
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: may-write mentions %q, want %q", c.src, got, c.want)
		}
	}
}

// TestMovedDir: a wrapper's static chdir option and a cd under the home
// directory are followed like a cd (r5-4); a dynamic one or a new root is
// unknown.
func TestMovedDir(t *testing.T) {
	for _, c := range []struct {
		src     string
		dir     string
		unknown bool
	}{
		{`env -C .git tee config`, ".git", false},
		{`env --chdir=.git tee config`, ".git", false},
		{`cd src; env -C ../.claude tee x`, ".claude", false},
		{`sudo -D /tmp tee x`, "/tmp", false},
		{`env -C "$D" tee x`, "", true},
		{`sudo -R /tmp tee x`, "", true},
		{`cd ~/.claude; tee x`, "~/.claude", false},
		{`cd ~; tee x`, "~", false},
		{`cd ~u/.claude; tee x`, "", true},
		{`env -C .git sh -c 'tee x'`, ".git", false},
		{`CDPATH=$X; cd hooks; tee x`, "", true},
		{`CDPATH=.git; cd ./hooks; tee x`, "hooks", false},
	} {
		a := Parse(c.src)
		last := a.Commands[len(a.Commands)-1]
		if last.Dir != c.dir || last.DirUnknown != c.unknown {
			t.Errorf("%s: %s runs in %q (unknown %v), want %q (%v)", c.src, last.Wide.Text, last.Dir, last.DirUnknown, c.dir, c.unknown)
		}
	}
}

// TestWalkWrites: a walk that changes what it visits stands for the
// protected file under its root its filters let through (r5-5).
func TestWalkWrites(t *testing.T) {
	for _, c := range []struct {
		src  string
		want string // the witness written, "" for none
	}{
		{`find . -delete`, ".git/hooks/pre-commit"},
		{`find . -name config -delete`, ".git/config"},
		{`find sub -name '*.json' -exec sed -i s/a/b/ {} +`, "sub/.claude/settings.json"},
		{`chmod -R 777 .`, ".git/hooks/pre-commit"},
		{`chown --recursive u:g sub`, "sub/.git/hooks/pre-commit"},
		{`find . -name '*.pyc' -delete`, ""},
		{`find . -exec cat {} +`, ""},
		{`find . -exec grep -l x {} +`, ""},
		{`chmod 644 .git/x`, ""},
	} {
		got := ""
		for _, f := range Parse(c.src).Commands[0].Files {
			if f.Access == Write && strings.HasSuffix(f.Via, "(the files it walks)") {
				got = f.Path
			}
		}
		if got != c.want {
			t.Errorf("%s: walk witness %q, want %q", c.src, got, c.want)
		}
	}
}

// TestCDPATH: a CDPATH the script sets is where a relative cd may go (r5-4).
func TestCDPATH(t *testing.T) {
	for _, c := range []struct {
		src  string
		want string // a directory the last command may run in
	}{
		{`CDPATH=.git; cd hooks; tee x`, ".git/hooks"},
		{`export CDPATH=/tmp:.claude; cd agents; tee x`, ".claude/agents"},
		{`CDPATH=.git cd hooks && tee x`, ".git/hooks"},
	} {
		a := Parse(c.src)
		last := a.Commands[len(a.Commands)-1]
		if !slices.Contains(append([]string{last.Dir}, last.DirAlts...), c.want) {
			t.Errorf("%s: runs in %q or %q, want %q among them", c.src, last.Dir, last.DirAlts, c.want)
		}
	}
}

// TestAwkInplace: gawk's in-place editing writes awk's file operands (r5-6).
func TestAwkInplace(t *testing.T) {
	for _, c := range []struct {
		src  string
		want Access
	}{
		{`awk -i inplace '{print}' f`, Write},
		{`awk -iinplace '{print}' f`, Write},
		{`awk --include=inplace '{print}' f`, Write},
		{`awk -l inplace '{print}' f`, Write},
		{`awk '@include "inplace"; {print}' f`, Write},
		{`awk '{print}' f`, Read},
		{`awk -F, -v x=inplace '{print}' f`, Read},
	} {
		var got Access
		for _, f := range Parse(c.src).Commands[0].Files {
			if f.Path == "f" {
				got = f.Access
			}
		}
		if got != c.want {
			t.Errorf("%s: f is %q, want %q", c.src, got, c.want)
		}
	}
}

// TestVimExFiles: an editor's Ex commands name files it writes or reads
// (r5-9); :r !cmd runs cmd.
func TestVimExFiles(t *testing.T) {
	for _, c := range []struct {
		src  string
		want []string // access:path
	}{
		{`vim -es -c 'w .git/hooks/x' -c q f`, []string{"write:f", "write:.git/hooks/x"}},
		{`ex -sc 'w! a|q' f`, []string{"write:f", "write:a"}},
		{`vim '+saveas b' f`, []string{"write:f", "write:b"}},
		{`vim -c 'w >> c' f`, []string{"write:f", "write:c"}},
		{`vim -c 'r d' f`, []string{"write:f", "read:d"}},
		{`vim -c 'r !cat d' f`, []string{"write:f"}},
		{`vim -c wq -c 'set nu' +10 f`, []string{"write:f"}},
	} {
		var got []string
		for _, f := range Parse(c.src).Commands[0].Files {
			if !strings.HasPrefix(f.Path, "+") { // +cmd is also kept as an operand
				got = append(got, string(f.Access)+":"+f.Path)
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: files %q, want %q", c.src, got, c.want)
		}
	}
}
