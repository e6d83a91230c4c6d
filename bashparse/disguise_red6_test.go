package bashparse

import (
	"slices"
	"strings"
	"testing"
)

// TestPlainBrackets: bracket classes become what path.Match and
// doublestar know, matching the names bash matches (r6-1).
func TestPlainBrackets(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`.[[:alpha:]]nv`, `.[a-zA-Z]nv`},
		{`.[![:digit:]]nv`, `.[^0-9]nv`},
		{`.[^x]nv`, `.[^x]nv`},
		{`.[[=e=]]nv`, `.[e]nv`},
		{`.[[.e.]]nv`, `.[e]nv`},
		{`.[]e]nv`, `.[\]e]nv`},
		{`.[x[:upper:]]`, `.[xA-Z]`},
		{`*.go`, `*.go`},
		{`.[[:nope:]]nv`, `.[[:nope:]]nv`}, // unknown class: as written
		{`a[b`, `a[b`},                     // no closing bracket: literal
	} {
		if got := plainBrackets(c.in); got != c.want {
			t.Errorf("plainBrackets(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestCompressorWrites: the names a compressor writes beside its
// operands (r6-3).
func TestCompressorWrites(t *testing.T) {
	for _, c := range []struct {
		src  string
		want []string
	}{
		{`gunzip .npmrc.gz`, []string{".npmrc"}},
		{`gzip -d a/.bashrc.gz`, []string{"a/.bashrc"}},
		{`gzip -dq .bashrc.gz`, []string{".bashrc"}},
		{`bzip2 --decompress x.tbz2`, []string{"x.tar"}},
		{`xz -T0 -d .envrc.xz`, []string{".envrc"}},
		{`zstd -d -o out .npmrc.zst`, []string{".npmrc"}},
		{`gzip -S rc .bash`, []string{".bashrc"}},
		{`gzip --suffix rc .bash`, []string{".bashrc"}},
		{`gunzip -S .x .npmrc.x`, []string{".npmrc"}},
		{`gzip x`, []string{"x.gz"}},
		{`gunzip -c .npmrc.gz`, nil},
		{`gzip -dc .npmrc.gz`, nil},
		{`xz -l .npmrc.xz`, nil},
		{`gunzip .gz`, nil},
	} {
		a := Parse(c.src)
		var got []string
		for _, cmd := range a.Commands {
			for _, f := range cmd.Files {
				if f.Access == Write && f.Via == cmd.Words[0].Value {
					got = append(got, f.Path)
				}
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: writes %q, want %q", c.src, got, c.want)
		}
	}
}

// TestFdTrees: fd walks with a command only under -x/-X, from the roots
// after its pattern (r6-2).
func TestFdTrees(t *testing.T) {
	for _, c := range []struct {
		src   string
		roots []string // Access:Root of each tree
	}{
		{`fd -x cat`, []string{"read:."}},
		{`fd -H . src docs -X cat`, []string{"read:src", "read:docs"}},
		{`fd -e go x -x sed -i s/a/b/`, []string{"read:.", "write:."}},
		{`fd --base-directory lib -x cat`, []string{"read:lib"}},
		{`fd --exec=head`, []string{"read:."}},
		{`fd -H env`, nil},
	} {
		a := Parse(c.src)
		var got []string
		for _, cmd := range a.Commands {
			for _, tr := range cmd.Recursive {
				got = append(got, string(tr.Access)+":"+tr.Root)
			}
		}
		if !slices.Equal(got, c.roots) {
			t.Errorf("%s: trees %q, want %q", c.src, got, c.roots)
		}
	}
}

// TestSubcommandPayloads: the readings of a command with the options
// before (and between) its subcommand words removed (r6-4).
func TestSubcommandPayloads(t *testing.T) {
	for _, c := range []struct {
		src  string
		want []string
	}{
		{`docker --context x push img`, []string{"docker push img"}},
		{`npm --yes publish`, []string{"npm publish"}},
		{`npm --foo bar publish`, []string{"npm bar publish", "npm publish"}},
		{`kubectl -n delete get pods`, []string{"kubectl get pods"}},
		{`gh pr -R o/r merge 1`, []string{"gh pr merge 1"}},
		{`cargo +nightly publish`, []string{"cargo publish"}},
		{`python3 -m pip install x`, []string{"pip install x"}},
		{`python3 -W ignore -mpip install x`, []string{"pip install x"}},
		{`npm publish --tag beta`, nil},
		{`npm run test -- --watch`, nil},
		{`python3 -c 'import x' -m pip`, nil},
		{`python3 x.py -m pip`, nil},
		{`ls -la src`, nil},
	} {
		var ws []Word
		for _, f := range strings.Fields(c.src) {
			ws = append(ws, Word{Value: strings.Trim(f, "'")})
		}
		var got []string
		for _, p := range subcommandPayloads(ws) {
			var parts []string
			for _, w := range p.argv {
				parts = append(parts, w.Value)
			}
			got = append(got, strings.Join(parts, " "))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: %q, want %q", c.src, got, c.want)
		}
	}
}

// TestBraceFiles: the files a brace word expands to (r6-5).
func TestBraceFiles(t *testing.T) {
	for _, c := range []struct {
		src  string
		want []string
	}{
		{`cat {.env,x}`, []string{".env", "x"}},
		{`cat .{e,}nv`, []string{".env", ".nv"}},
		{`cat a{1..3}`, []string{"a1", "a2", "a3"}},
		{`cat {a,b}/*.go`, []string{"a/*.go", "b/*.go"}},
		{`cat {1..99999}`, nil},
		{`cat "{a,b}"`, []string{"{a,b}"}}, // a name, static
		{`cat {a,$x}`, nil},
	} {
		a := Parse(c.src)
		var got []string
		for _, f := range a.Commands[0].Files {
			if !f.Dynamic && f.Path != "" {
				got = append(got, f.Path)
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: %q, want %q", c.src, got, c.want)
		}
	}
}
