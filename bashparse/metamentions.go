package bashparse

import (
	"path"
	"strings"
)

// A Read deny rule covers what a file's metadata says as well as its
// content: stat .env, ls -l .env and du .env are denied under Read(.env).
// test and find read the same metadata under other names: [ -s .env ]
// tells whether the secret is empty, [ .env -nt x ] and find . -newer .env
// when it last changed (a binary search over touch -d stamps recovers the
// time), [ .env -ef x ] which file it is (the reference denies find -newer
// of a denied file; it lets test through). So the file a metadata
// predicate names is a mention of a read, met by Read deny and ask rules
// only: [ -r /etc/shadow ] outside the working directories stays allowed,
// as the operand is not opened. The predicates of existence and type
// (-e, -a, -f, -d, -h, -L, -b, -c, -p, -S) stay free: the spec names
// test -e among the commands that name a file without reading it, and a
// name's existence is what ls of its directory prints.

// testMetaUnary are test's unary predicates that read more than a file's
// existence and type; testMetaBinary its comparisons of two files.
var (
	testMetaUnary  = map[string]bool{"-s": true, "-r": true, "-w": true, "-x": true, "-O": true, "-G": true, "-u": true, "-g": true, "-k": true, "-N": true}
	testMetaBinary = map[string]bool{"-nt": true, "-ot": true, "-ef": true}
)

// metadataMentions lists the files test's metadata predicates and find's
// reference-file tests (-newer F, -anewer, -cnewer, -newerXY F, -samefile)
// read the metadata of.
func metadataMentions(st *shellState, inner []Word) []File {
	if len(inner) < 2 || !inner[0].Static() {
		return nil
	}
	name := path.Base(inner[0].Value)
	args := inner[1:]
	var out []File
	add := func(w Word, via string) {
		if w.Value == "" || w.Value == "]" {
			return
		}
		f := fileOf(w, w.Value, Read, via)
		if !f.Dynamic {
			out = append(out, f)
			return
		}
		// A word known only at run time ([ -s "$f" ]) is not asked about
		// for itself, as test opens nothing; what it may spell is met:
		// its static tail under whatever directory the expansion gives
		// ("$HOME/.ssh/id_rsa") and the values the script gave its
		// variables (f=.env; test -s $f).
		if t := strings.TrimLeft(w.Tail, "/"); t != "" && t != "." {
			out = append(out, File{Path: t, Access: Read, Via: via, Dynamic: true, Tail: t})
		}
		out = append(out, st.varWitnesses([]File{f})...)
	}
	switch name {
	case "test", "[", "[[":
		for i, w := range args {
			if !w.Static() {
				continue
			}
			switch {
			case testMetaUnary[w.Value] && i+1 < len(args):
				add(args[i+1], name+" "+w.Value)
			case testMetaBinary[w.Value] && i > 0 && i+1 < len(args):
				add(args[i-1], name+" "+w.Value)
				add(args[i+1], name+" "+w.Value)
			}
		}
	case "find":
		for i, w := range args {
			if !w.Static() || i+1 >= len(args) {
				continue
			}
			if findRefTest(w.Value) {
				add(args[i+1], "find "+w.Value)
			}
		}
	}
	return out
}

// findRefTest reports a find test whose value is a reference file: -newer,
// -anewer, -cnewer, -samefile, and -newerXY unless Y is t (a time string).
func findRefTest(v string) bool {
	switch v {
	case "-newer", "-anewer", "-cnewer", "-samefile":
		return true
	}
	return len(v) == 8 && strings.HasPrefix(v, "-newer") && v[7] != 't'
}
