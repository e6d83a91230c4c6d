package bashparse

import (
	"strings"
	"testing"
)

// red19rwRows are file-processing calls whose reads or writes their words
// do not spell: the attack must carry a run-time file (a name list, an
// inline program's computed name) or a tree of the access wanted, the
// neighbour neither.
var red19rwRows = []struct {
	src    string
	file   Access // a dynamic file of this access ("" for none)
	tree   Access // a recursive tree of this access ("" for none)
	nested string // a command the call runs ("" for none looked for)
}{
	{`zip -@ out.zip < n`, Read, "", ""},
	{`zip -q@ out.zip < n`, Read, "", ""},
	{`zip --names-stdin out.zip`, Read, "", ""},
	{`cpio -o < n`, Read, "", ""},
	{`cpio -p dst < n`, Read, Write, ""},
	{`pax -w < n`, Read, "", ""},
	{`7z a out.7z @n`, Read, "", ""},
	{`7z a out.7z -ir@n`, Read, "", ""},
	{`7z a out.7z`, "", Read, ""},
	{`7z a out.7z src`, "", Read, ""},
	{`pax -w -f o.pax src`, "", Read, ""},
	{`zip -R out.zip '*'`, "", Read, ""},
	{`gzip -rc .`, "", Read, ""},
	{`gzip -r .`, "", Write, ""},
	{`zstd -r --rm src`, "", Write, ""},
	{`split --filter='cat .env' f`, "", "", "cat"},
	{`python3 -c 'print(open(".e"+"nv").read())'`, Read, "", ""},
	{`python3 -c 'open(".gi"+"t/hooks/x","w")'`, Write, "", ""},
	{`node -e 'require("fs").readFileSync(process.env.F)'`, Read, "", ""},
	{`perl -e '@ARGV=(".e"."nv"); print <>'`, Read, "", ""},
	{`ruby -e 'puts File.read ".e"+"nv"'`, Read, "", ""},
	{`php -r 'echo file_get_contents(getenv("F"));'`, Read, "", ""},
	{`lua -e 'io.open(".e".."nv")'`, Read, "", ""},
	{`python3 -m zipfile -c out.zip .`, "", Read, ""},
	{`python3 -m tarfile -e a.tar out`, "", Write, ""},
	// Neighbours.
	{`zip out.zip a b`, "", "", ""},
	{`zip -i@pats -sf a.zip`, "", "", ""},
	{`7z l a.7z`, "", "", ""},
	{`python3 -m zipfile -l a.zip`, "", "", ""},
	{`python3 x.py -m zipfile -c o.zip .`, "", "", ""},
	{`7z a out.7z a.txt`, "", Read, ""},
	{`cpio -t < a.cpio`, "", "", ""},
	{`pax -f a.pax`, "", "", ""},
	{`gzip -c f`, "", "", ""},
	{`gzip -k f`, "", "", ""},
	{`split -l 10 f`, "", "", ""},
	{`python3 -c 'print(open("README").read())'`, "", "", ""},
	{`python3 -c 'import sys; print(open(sys.argv[1]).read())' f`, "", "", ""},
	{`python3 -c 'from pathlib import Path; print(Path("a").read_text())'`, "", "", ""},
	{`python3 -c 'import sys; sys.stdout.write(sys.version)'`, "", "", ""},
	{`node -e 'const {readFileSync} = require("fs"); readFileSync("a")'`, "", "", ""},
	{`node -e 'process.stdout.write(JSON.stringify({a: 1}))'`, "", "", ""},
	{`perl -e 'open(my $fh, "<", "a") or die; print <$fh>'`, "", "", ""},
	{`perl -ne 'print "$ARGV: $_"' f`, "", "", ""},
	{`ruby -e 'puts File.read("a")'`, "", "", ""},
}

// TestRed19rwFacts checks each row's run-time files, trees and nested
// commands.
func TestRed19rwFacts(t *testing.T) {
	for _, r := range red19rwRows {
		a := Parse(r.src)
		var file, tree Access
		nested := ""
		for _, c := range a.Commands {
			for _, f := range c.Files {
				if f.Dynamic && strings.HasPrefix(f.Path, "<") && (file == "" || f.Access == r.file) {
					file = f.Access
				}
			}
			for _, tr := range c.Recursive {
				if tree == "" || tr.Access == r.tree {
					tree = tr.Access
				}
			}
			if c.Nested && r.nested != "" && c.Wide.Name == r.nested {
				nested = c.Wide.Name
			}
		}
		if file != r.file || tree != r.tree || nested != r.nested {
			t.Errorf("Parse(%q): run-time file %q, tree %q, nested %q; want %q, %q, %q",
				r.src, file, tree, nested, r.file, r.tree, r.nested)
		}
	}
}
