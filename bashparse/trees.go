package bashparse

import (
	"strings"
)

// recursiveTrees lists the directory trees a command reads or writes whole,
// with the filters it applies itself.
func recursiveTrees(words []Word) []Tree {
	if len(words) == 0 || !words[0].Static() {
		return nil
	}
	name, args := words[0].Value, words[1:]
	if t := serverTrees(name, args); t != nil {
		return t
	}
	switch name {
	case "grep", "egrep", "fgrep":
		return grepTrees(name, args)
	case "rg", "ag", "ack":
		return searchTrees(name, args)
	case "git":
		whole := gitWholeTreeTrees(args)
		if t := gitContentTrees(args); t != nil {
			return append(t, whole...) // checkout-index -a both copies and rewrites
		}
		if whole != nil {
			return whole
		}
		if len(args) > 0 && args[0].Value == "mv" {
			return aliasTrees("mv", args[1:]) // git mv renames as mv does
		}
		if len(args) > 0 && args[0].Value == "grep" {
			return []Tree{{Root: ".", Access: Read, Via: "git grep"}}
		}
		if len(args) > 0 && args[0].Value == "clean" {
			var out []Tree
			for _, r := range gitCleanRoots(args) {
				out = append(out, Tree{Root: r.Value, Access: Write, Via: "git clean", Dynamic: !r.Static()})
			}
			return out
		}
		if len(args) > 0 && (args[0].Value == "apply" || args[0].Value == "am") {
			// Patches name the files they write: git am applies them as
			// git apply does.
			return []Tree{{Root: ".", Access: Write, Via: "git " + args[0].Value}}
		}
		if len(args) > 0 {
			paths, wide := gitPathspecs(args)
			if wide {
				return []Tree{{Root: ".", Access: Write, Via: "git " + args[0].Value + " of a pathspec"}}
			}
			if ts := append(gitReadPathspecTrees(args), gitDirPathspecTrees(paths)...); len(ts) > 0 {
				return ts
			}
		}
	case "wget":
		return downloadTrees(args)
	case "tar", "bsdtar":
		_, moved := archiveMoves(name, args)
		return append(tarTrees(args), moved...)
	case "zip":
		_, moved := archiveMoves(name, args)
		moved = append(moved, archiveReadTrees(name, args)...)
		if hasShort(args, 'r') || hasLong(args, "--recurse-paths") {
			ops := operandWords(args, "")
			out := moved
			for i, o := range ops {
				if i == 0 {
					continue // the archive
				}
				out = append(out, Tree{Root: o.Value, Access: Read, Via: "zip -r", Dynamic: !o.Static()})
			}
			return out
		}
		return moved
	case "cp", "rsync", "scp":
		var out []Tree
		if name == "rsync" {
			out = rsyncTrees(args)
		}
		if hasShort(args, 'r') || hasShort(args, 'R') || hasShort(args, 'a') || hasLong(args, "--recursive") || hasLong(args, "--archive") {
			ops := operandWords(args, "tSe")
			for i, o := range ops {
				acc := Read
				if i == len(ops)-1 && len(ops) > 1 {
					acc = Write
				}
				out = append(out, Tree{Root: o.Value, Access: acc, Via: name + " -r", Dynamic: !o.Static()})
			}
		}
		return out
	case "diff":
		if hasShort(args, 'r') || hasLong(args, "--recursive") {
			var out []Tree
			for _, o := range operandWords(args, "") {
				out = append(out, Tree{Root: o.Value, Access: Read, Via: "diff -r", Dynamic: !o.Static()})
			}
			return out
		}
	case "cpio", "bsdcpio", "pax", "ar", "7z", "7za", "7zr", "7zz", "unrar", "unar", "jar":
		return append(extractTrees(name, args), archiveReadTrees(name, args)...)
	case "unzip", "patch":
		if name == "unzip" && unzipLists(args) {
			return nil
		}
		root := "."
		for i, a := range args {
			if a.Value == "-d" && i+1 < len(args) {
				root = args[i+1].Value
			}
		}
		return []Tree{{Root: root, Access: Write, Via: name}}
	case "mv", "ln":
		return aliasTrees(name, args)
	case "rename", "rename.ul":
		return renameTrees(args)
	case "find":
		return findTrees(args)
	case "fd", "fdfind":
		return fdTrees(args)
	case "rm":
		return rmTrees(args)
	case "python", "python2", "python3":
		return pythonArchiveTrees(args)
	case "gzip", "gunzip", "pigz", "unpigz", "zcat", "gzcat", "zstd", "unzstd", "zstdcat", "zstdmt", "lz4", "unlz4", "lz4cat":
		return compressorTrees(name, args)
	case "chmod", "chown", "chgrp":
		if hasShort(args, 'R') || hasLong(args, "--recursive") {
			ops := operandWords(args, "")
			if !hasLong(args, "--reference") && len(ops) > 0 {
				ops = ops[1:] // the mode or owner
			}
			var out []Tree
			for _, o := range ops {
				out = append(out, Tree{Root: o.Value, Access: Write, Via: name + " -R", Dynamic: !o.Static(),
					Follows: hasShort(args, 'L')})
			}
			return out
		}
	}
	return nil
}

func grepTrees(name string, args []Word) []Tree {
	rec := hasShort(args, 'r') || hasShort(args, 'R') || hasLong(args, "--recursive") ||
		hasLong(args, "--dereference-recursive") || hasLong(args, "--directories=recurse")
	for i, a := range args {
		if a.Value == "-d" && i+1 < len(args) && args[i+1].Value == "recurse" {
			rec = true
		}
	}
	if !rec {
		return nil
	}
	t := Tree{Access: Read, Via: name + " -r", Derefs: grepDerefs(args)}
	t.Include = longValues(args, "--include")
	t.Exclude = append(longValues(args, "--exclude"), longValues(args, "--exclude-dir")...)
	ops := operandWords(args, "efmABCdD")
	given := hasShort(args, 'e') || hasShort(args, 'f') || hasLong(args, "--regexp") || hasLong(args, "--file")
	if !given && len(ops) > 0 {
		ops = ops[1:]
	}
	return treesAt(t, ops)
}

func searchTrees(name string, args []Word) []Tree {
	if hasLong(args, "--files") {
		return nil // lists names, reads no content
	}
	// rg and ag skip dot-files by default, but an ignore file of the
	// (untrusted) repository can whitelist one (`!.env` in .ignore), and a
	// -g glob can too: the walk is taken to see dot-files.
	t := Tree{Access: Read, Via: name, Derefs: searchDerefs(name, args)}
	for _, g := range append(optValues(args, "-g", "--glob"), optValues(args, "--iglob", "-G")...) {
		if ex, ok := strings.CutPrefix(g, "!"); ok {
			t.Exclude = append(t.Exclude, ex)
		} else {
			t.Include = append(t.Include, g)
		}
	}
	for _, ty := range optValues(args, "-t", "--type") {
		if globs, ok := fileTypes[ty]; ok {
			t.Include = append(t.Include, globs...)
		} else {
			t.Include = append(t.Include, "*")
		}
	}
	for _, ty := range optValues(args, "-T", "--type-not") {
		t.Exclude = append(t.Exclude, fileTypes[ty]...)
	}
	ops := operandWords(args, "efgtTmABCMjG")
	given := hasShort(args, 'e') || hasShort(args, 'f') || hasLong(args, "--regexp") || hasLong(args, "--file")
	if !given && len(ops) > 0 {
		ops = ops[1:]
	}
	return treesAt(t, ops)
}

// fileTypes are the common ripgrep/ag types as base-name globs.
var fileTypes = map[string][]string{
	"go": {"*.go"}, "py": {"*.py", "*.pyi"}, "js": {"*.js", "*.mjs", "*.cjs", "*.jsx"}, "ts": {"*.ts", "*.tsx", "*.mts", "*.cts"},
	"rust": {"*.rs"}, "java": {"*.java"}, "c": {"*.c", "*.h"}, "cpp": {"*.cpp", "*.cc", "*.cxx", "*.hpp", "*.hh", "*.h"},
	"md": {"*.md", "*.markdown"}, "markdown": {"*.md", "*.markdown"}, "json": {"*.json"}, "yaml": {"*.yaml", "*.yml"},
	"html": {"*.html", "*.htm"}, "css": {"*.css"}, "sh": {"*.sh", "*.bash"}, "rb": {"*.rb"}, "ruby": {"*.rb"},
	"toml": {"*.toml"}, "sql": {"*.sql"}, "kotlin": {"*.kt", "*.kts"}, "swift": {"*.swift"}, "php": {"*.php"},
}

func treesAt(t Tree, ops []Word) []Tree {
	if len(ops) == 0 {
		t.Root = "."
		return []Tree{t}
	}
	out := make([]Tree, 0, len(ops))
	for _, o := range ops {
		tt := t
		tt.Root, tt.Dynamic = o.Value, !o.Static() || o.Glob
		out = append(out, tt)
	}
	return out
}

func tarTrees(args []Word) []Tree {
	if len(args) == 0 {
		return nil
	}
	first := args[0].Value
	// c creates, r appends, u updates: each reads the named trees.
	create := hasShort(args, 'c') || hasShort(args, 'r') || hasShort(args, 'u') || hasLong(args, "--create") ||
		hasLong(args, "--append") || hasLong(args, "--update") ||
		!strings.HasPrefix(first, "-") && strings.ContainsAny(first, "cru")
	extract := hasShort(args, 'x') || hasLong(args, "--extract") || hasLong(args, "--get") ||
		!strings.HasPrefix(first, "-") && strings.ContainsRune(first, 'x')
	dir := "."
	for i, a := range args {
		if a.Value == "-C" && i+1 < len(args) {
			dir = args[i+1].Value
		} else if v, ok := strings.CutPrefix(a.Value, "--directory="); ok {
			dir = v
		}
	}
	ex := longValues(args, "--exclude")
	switch {
	case extract:
		return []Tree{{Root: dir, Access: Write, Via: "tar x", Exclude: ex}}
	case create:
		var out []Tree
		skip := !strings.HasPrefix(first, "-") && strings.ContainsRune(first, 'f')
		for i, a := range args {
			v := a.Value
			if i == 0 && !strings.HasPrefix(v, "-") {
				continue
			}
			if strings.HasPrefix(v, "-") && v != "-" { // "-" is an archive on stdout, not an option
				if v == "-C" || v == "-f" || v == "-T" || v == "-X" || v == "-I" || v == "-b" || v == "-H" ||
					len(v) > 1 && v[1] != '-' && strings.HasSuffix(v, "f") {
					skip = true
				}
				continue
			}
			if skip {
				skip = false
				continue
			}
			root := v
			if !strings.HasPrefix(v, "/") && dir != "." {
				root = dir + "/" + v
			}
			out = append(out, Tree{Root: root, Access: Read, Via: "tar c", Dynamic: !a.Static(), Exclude: ex})
		}
		return out
	}
	return nil
}

func findTrees(args []Word) []Tree {
	follows := findFollows(args)
	roots, args := findRoots(args)
	acc := Access("")
	negated := false
	execWrites := false
	var names []string
	for j := 0; j < len(args); j++ {
		switch v := args[j].Value; v {
		case "!", "-not", "-o", "-or":
			negated = true
		case "-name", "-iname":
			if j+1 < len(args) {
				names = append(names, args[j+1].Value)
			}
		case "-delete":
			acc = Write
		case "-exec", "-execdir", "-ok", "-okdir":
			if j+1 < len(args) && !namesOnly[args[j+1].Value] && acc == "" {
				acc = Read
			}
			if j+1 < len(args) && execMayWrite(args[j+1:]) {
				execWrites = true
			}
		}
	}
	if acc == "" {
		return nil
	}
	t := Tree{Access: acc, Via: "find", Follows: follows}
	if !negated {
		t.Include = names
	}
	out := treesAt(t, roots)
	if execWrites && acc == Read {
		// find . -exec sed -i … {} +: what it reads, it rewrites.
		t.Access, t.Via = Write, "find -exec"
		out = append(out, treesAt(t, roots)...)
	}
	return out
}

// findFollows reports a find that follows symbolic links in its walk: -L
// before the roots, or -follow in the expression.
func findFollows(args []Word) bool {
	for _, a := range args {
		switch a.Value {
		case "-L", "-follow":
			return true
		}
	}
	return false
}
