package bashparse

import "strings"

// Archivers that take the names of what they store from a list — stdin
// (zip -@, cpio -o, pax -w with no operand) or a list file (7z a @list,
// 7z -i@list) — read files the command's words never spell: echo .env |
// zip -@ x.zip stores .env. Like tar -T, each is a read of files known
// only at run time (fileListPath), so no allow rule approves it as a read
// of known files and a Read deny rule could be hidden behind it. Archivers
// that walk what they are given (7z a DIR, pax -w DIR, zip -R PATTERN)
// are recursive readers, as tar c and zip -r are.

// zipGrammar is zip's option grammar, enough to find -@ in a cluster
// (zip -q@) and not in a value (zip -i@list).
var zipGrammar = optGrammar{short: "0123456789@AcdDeFfgHhjJklLmoqrRSTuUvVwXyz$!b:n:t:x:i:P:Z:O:s:Y:",
	long: []string{"names-stdin", "recurse-paths", "recurse-patterns", "include=", "exclude=", "temp-path=",
		"suffixes=", "password=", "compression-method=", "output-file=", "split-size=", "quiet", "verbose"}, permute: true}

// paxGrammar is pax's (POSIX) option grammar.
var paxGrammar = optGrammar{short: "acdijklnrtuvwzHLPOXb:f:o:p:s:x:B:G:T:U:0"}

// archiveListReads are the run-time reads of an archiver that stores the
// files a list names.
func archiveListReads(name string, args []Word) []File {
	stdin := func(via string) []File {
		return []File{{Path: fileListPath, Access: Read, Via: via, Dynamic: true}}
	}
	switch name {
	case "zip":
		if sc := zipGrammar.scan(args); sc.has("-@", "--names-stdin") {
			return stdin("zip -@")
		}
	case "cpio", "bsdcpio":
		// -o and -p take every name from stdin.
		sc := cpioGrammar.scan(args)
		if sc.has("-o", "--create", "-p", "--pass-through") {
			return stdin(name + " -o")
		}
	case "pax":
		sc := paxGrammar.scan(args)
		if sc.has("-w") && sc.stop >= len(args) {
			return stdin("pax -w")
		}
	case "7z", "7za", "7zr", "7zz":
		if !sevenZipAdds(args) {
			return nil
		}
		var out []File
		for _, a := range args[1:] {
			v := a.Value
			if l, ok := strings.CutPrefix(v, "@"); ok {
				out = append(out, fileListReads(a, l, name+" @list")...)
			} else if l, ok := sevenZipSwitchList(v); ok {
				out = append(out, fileListReads(a, l, name+" -i@list")...)
			}
		}
		return out
	}
	return nil
}

// sevenZipAdds reports 7z's commands that store files: a (add), u
// (update).
func sevenZipAdds(args []Word) bool {
	if len(args) == 0 {
		return false
	}
	c := args[0].Value
	return c == "a" || c == "u" || !args[0].Static()
}

// sevenZipSwitchList returns the list file of an include switch
// (-i@F, -ir@F, -ir-@F, -ir0@F): the names it lists are added too.
func sevenZipSwitchList(v string) (string, bool) {
	rest, ok := strings.CutPrefix(v, "-i")
	if !ok {
		return "", false
	}
	rest = strings.TrimLeft(strings.TrimPrefix(rest, "r"), "-0")
	return strings.CutPrefix(rest, "@")
}

// archiveReadTrees are the trees an archiver that stores what it is given
// walks: 7z a (each path, the current directory when none is given, a
// wildcard anywhere), pax -w (each path) and zip -R (its patterns match
// below the current directory).
func archiveReadTrees(name string, args []Word) []Tree {
	switch name {
	case "7z", "7za", "7zr", "7zz":
		if !sevenZipAdds(args) {
			return nil
		}
		var out []Tree
		paths, includes := 0, false
		for i, a := range args[1:] {
			v := a.Value
			switch {
			case strings.HasPrefix(v, "-i"):
				// -i!WILDCARD adds what the wildcard matches below the
				// current directory.
				includes = true
				if _, ok := sevenZipSwitchList(v); !ok {
					out = append(out, Tree{Root: ".", Access: Read, Via: name + " a -i", Dynamic: true})
				}
			case strings.HasPrefix(v, "@"):
				includes = true // the list's names, read by archiveListReads
			case strings.HasPrefix(v, "-"):
			case i == 0:
				// the archive
			default:
				paths++
				// 7z matches wildcards itself (and with -r at every
				// depth): what they select is known only at run time.
				wild := strings.ContainsAny(v, "*?[") || !a.Static() || a.Glob
				out = append(out, Tree{Root: v, Access: Read, Via: name + " a", Dynamic: wild})
			}
		}
		if paths == 0 && !includes {
			// With no path, 7z a stores "*": the whole current directory.
			out = append(out, Tree{Root: ".", Access: Read, Via: name + " a"})
		}
		return out
	case "pax":
		sc := paxGrammar.scan(args)
		if !sc.has("-w") || sc.has("-d") {
			return nil
		}
		ops := args[sc.stop:]
		if sc.has("-r") && len(ops) > 0 {
			ops = ops[:len(ops)-1] // pax -rw SRC… DIR: the last is where it copies to
		}
		var out []Tree
		for _, o := range ops {
			out = append(out, Tree{Root: o.Value, Access: Read, Via: "pax -w", Dynamic: !o.Static() || o.Glob})
		}
		return out
	case "zip":
		sc := zipGrammar.scan(args)
		if !sc.has("-R", "--recurse-patterns") {
			return nil
		}
		// zip -R walks the current directory and keeps the paths its
		// patterns match. A pattern's * crosses directories: only one
		// that is * and a suffix (*.c) keeps what its base name matches.
		t := Tree{Root: ".", Access: Read, Via: "zip -R"}
		for i, o := range sc.operands {
			v := args[o].Value
			if i == 0 {
				continue // the archive
			}
			if !args[o].Static() || !strings.HasPrefix(v, "*") || strings.ContainsAny(v[1:], "/*?[\\") {
				t.Include = nil
				break
			}
			t.Include = append(t.Include, v)
		}
		return []Tree{t}
	}
	return nil
}

// archiveLister names the archivers archiveListReads knows: a cheap test
// before any option is read.
var archiveLister = map[string]bool{"zip": true, "cpio": true, "bsdcpio": true, "pax": true,
	"7z": true, "7za": true, "7zr": true, "7zz": true}

// pythonArchiveTrees are the trees python's archive modules walk from the
// command line: python3 -m zipfile -c out.zip . stores the cwd (its .env
// too), and -m zipfile -e a.zip DIR or -m tarfile -e a.tar DIR writes what
// the archive holds, as unzip does.
func pythonArchiveTrees(args []Word) []Tree {
	var mod string
	var rest []Word
	for i, a := range args {
		v := a.Value
		if v == "-m" && i+1 < len(args) {
			mod, rest = args[i+1].Value, args[i+2:]
			break
		}
		if m, ok := strings.CutPrefix(v, "-m"); ok && m != "" && !strings.HasPrefix(v, "--") {
			mod, rest = m, args[i+1:]
			break
		}
		if !strings.HasPrefix(v, "-") {
			return nil // a script: its own arguments follow
		}
	}
	if mod != "zipfile" && mod != "tarfile" {
		return nil
	}
	via := "python -m " + mod
	for i, a := range rest {
		switch a.Value {
		case "-c", "--create":
			var out []Tree
			if len(rest) > i+2 {
				for _, s := range rest[i+2:] {
					out = append(out, Tree{Root: s.Value, Access: Read, Via: via + " -c", Dynamic: !s.Static() || s.Glob})
				}
			}
			return out
		case "-e", "--extract":
			root, dyn := ".", false
			if len(rest) > i+2 {
				root, dyn = rest[i+2].Value, !rest[i+2].Static()
			}
			return []Tree{{Root: root, Access: Write, Via: via + " extract", Dynamic: dyn}}
		}
	}
	return nil
}
