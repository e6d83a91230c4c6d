package bashparse

import (
	"slices"
	"testing"
)

// red11Has reports whether the first command of src names path with access.
func red11Has(src, path string, acc Access) bool {
	a := Parse(src)
	if len(a.Commands) == 0 {
		return false
	}
	return slices.ContainsFunc(a.Commands[0].Files, func(f File) bool { return f.Path == path && f.Access == acc })
}

// TestPowerOptionInCluster: a short power option at the end of a cluster
// of flags is that option, its value attached or the next word (r11-1).
func TestPowerOptionInCluster(t *testing.T) {
	for _, c := range []struct {
		src, path string
		acc       Access
	}{
		{`curl -sT.env http://x`, ".env", Read},
		{`curl -sST .env http://x`, ".env", Read},
		{`curl -fsSLo/tmp/o http://x`, "/tmp/o", Write},
		{`wget -qi.env`, ".env", Read},
		{`wget -cqO /tmp/o http://x`, "/tmp/o", Write},
		{`tree -ao /tmp/o`, "/tmp/o", Write},
		{`grep -if.env a`, ".env", Read},
		{`grep -hiv -wf .env a`, ".env", Read},
		{`file -bf.env`, ".env", Read},
		{`file -bm .env a`, ".env", Read},
		{`file -m /m.mgc:.env a`, ".env", Read},
		{`tar -tvX .env -f a.tar`, ".env", Read},
	} {
		if !red11Has(c.src, c.path, c.acc) {
			t.Errorf("%q: %s of %q not found: %+v", c.src, c.acc, c.path, Parse(c.src).Commands[0].Files)
		}
	}
	// A value-taking letter first swallows the rest; a non-clustering
	// program's single-dash word is one option.
	for _, c := range []struct{ src, path string }{
		{`curl -XPOST http://x`, "POST"},
		{`curl -Ho http://x`, "http://x"},
		{`go test -cover ./...`, "ver"},
	} {
		for _, f := range Parse(c.src).Commands[0].Files {
			if f.Path == c.path {
				t.Errorf("%q: %q taken for a file from a cluster", c.src, c.path)
			}
		}
	}
	for _, c := range []struct {
		prog, word string
		letter     byte
		want       int
	}{
		{"curl", "-sT.env", 'T', 2},
		{"curl", "-fsSLo", 'o', 5},
		{"curl", "-Ho", 'o', -1},
		{"grep", "-ef", 'f', -1},
		{"grep", "-if", 'f', 2},
		{"tar", "-tvI", 'I', 3},
		{"tar", "-tvfI", 'I', -1},
		{"go", "-cover", 'o', -1},
		{"gcc", "-Wformat", 'o', -1},
		{"curl", "--so", 'o', -1},
		{"curl", "-o", 'o', -1},
	} {
		if got := shortInCluster(c.prog, c.word, c.letter); got != c.want {
			t.Errorf("shortInCluster(%s, %s, %c) = %d, want %d", c.prog, c.word, c.letter, got, c.want)
		}
	}
}

// TestGitLogOptionSubcommands: stash show/list, reflog show and shortlog
// take log's options; cat-file --textconv/--filters run drivers; ls-files
// -X reads a file (r11-2).
func TestGitLogOptionSubcommands(t *testing.T) {
	for _, src := range []string{
		`git stash show --output=/tmp/o`, `git stash list --output=o`, `git stash show -p --ext-diff`,
		`git stash show --textconv`, `git reflog show --output=o`, `git shortlog --output=o`,
		`git cat-file --textconv HEAD:a`, `git cat-file --filters HEAD:a`, `git ls-files -X x`,
		`git ls-files --exclude-from=x`,
	} {
		if Parse(src).Commands[0].ReadOnly {
			t.Errorf("%q: read-only", src)
		}
	}
	for _, src := range []string{`git stash show`, `git stash list`, `git reflog`, `git reflog show -5`,
		`git shortlog -sn HEAD`, `git cat-file -p HEAD`, `git ls-files -o --exclude-standard`} {
		if !Parse(src).Commands[0].ReadOnly {
			t.Errorf("%q: not read-only", src)
		}
	}
	if !red11Has(`git stash show --output=/tmp/o`, "/tmp/o", Write) || !red11Has(`git ls-files -X .env`, ".env", Read) {
		t.Error("git stash show --output / ls-files -X: file not listed")
	}
}

// TestJqModules: import/include read module files; modulemeta loads one
// (r11-4).
func TestJqModules(t *testing.T) {
	for _, c := range []struct{ src, path string }{
		{`jq -n 'import "secret/k" as $s; $s'`, "secret/k.json"},
		{`jq -n 'import"secret/k" as $s; $s'`, "secret/k.json"},
		{`jq -n 'include "lib/m"; f'`, "lib/m.jq"},
		{`jq -n 'include "lib/m"; f'`, "lib/m/m.jq"},
	} {
		if !red11Has(c.src, c.path, Read) {
			t.Errorf("%q: read of %q not found", c.src, c.path)
		}
		if a := Parse(c.src); a.Commands[0].ReadOnly || len(a.Commands[0].Powers) == 0 {
			t.Errorf("%q: read-only or without a power", c.src)
		}
	}
	if Parse(`jq -n '"m" | modulemeta'`).Commands[0].ReadOnly {
		t.Error("modulemeta: read-only")
	}
	for _, src := range []string{`jq '.import' a`, `jq '.include, $include' a`, `jq -r .name a`, `jq -n '"import \"x\""'`} {
		if !Parse(src).Commands[0].ReadOnly {
			t.Errorf("%q: not read-only", src)
		}
	}
}

// TestSqliteDotPrefixes: the shell takes any prefix of a dot command's
// name; VACUUM INTO writes (r11-5).
func TestSqliteDotPrefixes(t *testing.T) {
	for _, c := range []struct {
		src, path string
		acc       Access
	}{
		{`sqlite3 db '.onc /tmp/o' 'select 1'`, "/tmp/o", Write},
		{`sqlite3 db '.o /tmp/o'`, "/tmp/o", Write},
		{`sqlite3 db '.outp /tmp/o'`, "/tmp/o", Write},
		{`sqlite3 db '.imp .env t'`, ".env", Read},
		{`sqlite3 db '.sav /tmp/o'`, "/tmp/o", Write},
		{`sqlite3 db "VACUUM INTO '/tmp/v.db'"`, "/tmp/v.db", Write},
		{`sqlite3 db "vacuum main into /tmp/v.db;"`, "/tmp/v.db", Write},
		{`sqlite3 db "vacuum into 'it''s'"`, "it's", Write},
	} {
		if !red11Has(c.src, c.path, c.acc) {
			t.Errorf("%q: %s of %q not found", c.src, c.acc, c.path)
		}
	}
	for _, v := range []string{"lo", "loa", "exc", "ar", "www", "cd"} {
		if len(sqliteRunPayloads(v)) == 0 {
			t.Errorf(".%s: not a power", v)
		}
	}
	for _, v := range []string{"mode", "headers", "tables", "schema", "explain", "echo", "indexes", "databases"} {
		if len(sqliteRunPayloads(v)) != 0 {
			t.Errorf(".%s: taken for a power", v)
		}
	}
}

// TestAwkComputedFiles: a file an awk program computes is a run-time file
// (r11-6).
func TestAwkComputedFiles(t *testing.T) {
	for _, c := range []struct {
		prog string
		acc  Access
	}{
		{`BEGIN { ARGV[1]=".e" "nv"; ARGC=2 } {print}`, Read},
		{`BEGIN { f=".env"; while ((getline l < f) > 0) print l }`, Read},
		{`{ print > ("/tmp/" "o") }`, Write},
		{`{ printf "%s", $0 >> out }`, Write},
	} {
		fs := awkComputedFiles(Word{Value: c.prog})
		if !slices.ContainsFunc(fs, func(f File) bool { return f.Dynamic && f.Access == c.acc }) {
			t.Errorf("%q: no run-time %s", c.prog, c.acc)
		}
	}
	for _, prog := range []string{`{print $1}`, `{ if ($1 > 2) print }`, `NR > 1 { print $2 }`, `{ n++ } END { print n }`,
		`{ getline < "f" }`, `{ print > "out" }`} {
		if fs := awkComputedFiles(Word{Value: prog}); len(fs) != 0 {
			t.Errorf("%q: run-time files %+v", prog, fs)
		}
	}
}
