package bashparse

import (
	"path"
	"strings"
)

// operandSpec says which arguments of a command are files and how it uses them.
type operandSpec struct {
	argOpts string // short options that take a value (not a file)
	// skip is how many leading operands are not files (a grep pattern, a
	// chmod mode) unless a flag in patternFlags supplied the pattern.
	skip         int
	patternFlags string
	access       Access
	lastWrite    bool // the last operand is written, the others read (cp)
}

var (
	reader = operandSpec{access: Read}
	writer = operandSpec{access: Write}
)

// operandSpecs is the table of commands whose operands are files.
var operandSpecs = map[string]operandSpec{
	"cat": reader, "less": reader, "more": reader, "tac": reader, "nl": reader, "strings": {argOpts: "nt", access: Read},
	"head": {argOpts: "nc", access: Read}, "tail": {argOpts: "ncs", access: Read},
	"grep":   {argOpts: "efmABCdD", skip: 1, patternFlags: "ef", access: Read},
	"egrep":  {argOpts: "efmABCdD", skip: 1, patternFlags: "ef", access: Read},
	"fgrep":  {argOpts: "efmABCdD", skip: 1, patternFlags: "ef", access: Read},
	"rg":     {argOpts: "efgtTmABCMj", skip: 1, patternFlags: "ef", access: Read},
	"ag":     {argOpts: "GgABCm", skip: 1, access: Read},
	"sed":    {argOpts: "efl", skip: 1, patternFlags: "ef", access: Read},
	"awk":    {argOpts: "Ffvil", skip: 1, patternFlags: "f", access: Read},
	"jq":     {argOpts: "f", skip: 1, patternFlags: "f", access: Read},
	"base64": reader, "xxd": {argOpts: "cglso", access: Read, lastWrite: true}, "od": {argOpts: "AjNtw", access: Read},
	"ls": {argOpts: "IwT", access: Read}, "wc": reader, "stat": {argOpts: "c", access: Read},
	"du": {argOpts: "dBt", access: Read}, "diff": reader, "file": {argOpts: "fmF", access: Read},
	"sort": {argOpts: "ktST", access: Read}, "uniq": {argOpts: "fsw", access: Read, lastWrite: true},
	"cut": {argOpts: "dfbc", access: Read}, "md5sum": reader, "sha1sum": reader, "sha256sum": reader,
	"sha512sum": reader, "cksum": reader, "comm": reader, "join": reader, "paste": {argOpts: "d", access: Read},
	// Read-only commands that print (or compare) their files' content:
	// cmp -l prints every differing byte, rev, fold and column each line;
	// their operands are reads like cat's, so one outside the working
	// directories asks. Only the short options known to take a value are
	// listed: listing one that does not would hide the file after it.
	"cmp": {argOpts: "in", access: Read}, "rev": reader, "fold": {argOpts: "w", access: Read},
	"column": {argOpts: "nONlEHRTWripcos", access: Read},
	"tree":   {argOpts: "LPIo", access: Read}, "cd": reader, "pushd": reader, "source": reader, ".": reader,
	"tee":     writer,
	"cp":      {argOpts: "tS", access: Read, lastWrite: true},
	"rsync":   {argOpts: "e", access: Read, lastWrite: true},
	"install": {argOpts: "mogtS", access: Read, lastWrite: true},
	// A link to a file is a new name to write it by (ln -s .git g; echo x >
	// g/hooks/pre-commit): every operand of ln is written.
	"ln": {argOpts: "tS", access: Write}, "link": writer,
	"mv":    {argOpts: "tS", access: Write},
	"touch": {argOpts: "drt", access: Write}, "rm": writer, "rmdir": writer,
	"mkdir": {argOpts: "m", access: Write}, "truncate": {argOpts: "sr", access: Write},
	"chmod": {skip: 1, access: Write}, "chown": {skip: 1, access: Write}, "chgrp": {skip: 1, access: Write},
	"unlink": writer, "shred": {argOpts: "nsu", access: Write},
	// An editor writes the files it opens (vim -c '%s/a/b/|wq' F, ed F
	// <<< w, sudoedit F). emacs stays out: a table entry would make it a
	// known program, and its --eval must stay a possible runner.
	"vim": editor, "vi": editor, "nvim": editor, "view": editor, "vimdiff": editor, "gvim": editor,
	"ex": editor, "ed": {argOpts: "p", access: Write}, "red": {argOpts: "p", access: Write},
	"nano": {argOpts: "rTYosQ", access: Write}, "pico": writer, "micro": writer, "joe": writer,
	"sudoedit": {argOpts: "uCgh", access: Write},
}

// editor is vim's grammar: the options that take a value (not -s,
// which after -e means silent: vim -es F).
var editor = operandSpec{argOpts: "cSuUiwWTtqr", access: Write}

// fileOperands lists the files a command (by its wide view) reads or writes.
func fileOperands(words []Word) []File {
	if len(words) == 0 || !words[0].Static() {
		return nil
	}
	name := words[0].Value
	args := words[1:]
	switch name {
	case "find":
		return findOperands(args)
	case "dd":
		var out []File
		for _, a := range args {
			if p, ok := strings.CutPrefix(a.Value, "if="); ok {
				out = append(out, fileOf(a, p, Read, "dd"))
			} else if p, ok := strings.CutPrefix(a.Value, "of="); ok {
				out = append(out, fileOf(a, p, Write, "dd"))
			}
		}
		return out
	case "tar", "bsdtar", "gtar":
		moved, _ := archiveMoves(name, args)
		return append(tarArchive(args), moved...)
	case "zip":
		moved, _ := archiveMoves(name, args)
		return moved
	case "curl", "wget":
		return downloadFiles(name, args)
	case "git":
		return gitFiles(args)
	case "history":
		return historyFiles(args)
	case "gzip", "gunzip", "pigz", "unpigz", "bzip2", "bunzip2", "pbzip2", "lbzip2", "xz", "unxz", "lzma", "unlzma",
		"zstd", "unzstd", "lz4", "unlz4", "lzip", "plzip", "lunzip", "lzop", "brotli", "unbrotli", "compress", "uncompress":
		return compressorWrites(name, args)
	case "cd":
		if f, ok := cdImplicit(args); ok {
			return []File{f}
		}
	case "date":
		var out []File
		for _, v := range optValues(args, "-f", "--file") {
			out = append(out, File{Path: v, Access: Read, Via: "date -f"})
		}
		return out
	}
	spec, ok := operandSpecs[name]
	if !ok {
		return nil
	}
	access := spec.access
	if name == "sed" && !sedSafeWords(args) {
		access = Write
	}
	if name == "awk" && awkInplace(args) {
		access = Write // gawk -i inplace rewrites its input files
	}
	var ops []Word
	var extra []File
	var backups []string // sed -i's backup suffixes
	patternGiven := false
	endOpts := false
	parents := false // cp --parents: DIR/SOURCE, the source's path kept
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if endOpts || !strings.HasPrefix(v, "-") || v == "-" {
			ops = append(ops, a)
			continue
		}
		if v == "--" {
			endOpts = true
			continue
		}
		if strings.HasPrefix(v, "--") {
			if given, attached := patternLong(name, v); given {
				patternGiven = true
				if !attached {
					i++ // the pattern (or program file) is the next word
				}
				continue
			}
			if name == "cp" && (isLongOpt(v, "--link") || isLongOpt(v, "--symbolic-link")) {
				access = Write // cp -l, cp -s: links, not copies (see ln)
			}
			if name == "cp" && isLongOpt(v, "--parents") {
				parents = true
			}
			if name == "install" && isLongOpt(v, "--directory") {
				access = Write // install -d creates (and chmods) every operand
			}
			if suf, has, ok := longOpt(v, "--in-place"); ok && has && name == "sed" {
				backups = append(backups, suf) // --in-place=SUFFIX: optional, attached only
			}
			full := ""
			switch {
			case (name == "sort" || name == "base64") && isLongOpt(v, "--output"):
				full = "--output"
			case (name == "cp" || name == "mv" || name == "ln" || name == "install") && isLongOpt(v, "--target-directory"):
				full = "--target-directory"
			}
			if full != "" {
				// The value is attached (--target-directory=D) or, as
				// getopt_long reads a required argument, the next word
				// (--target-directory D): either way a file written.
				val, has, _ := longOpt(v, full)
				tw := a
				if !has && i+1 < len(args) {
					i++
					tw, val, has = args[i], args[i].Value, true
				}
				if has {
					extra = append(extra, fileOf(tw, val, Write, name))
				}
			}
			continue
		}
		for j := 1; j < len(v); j++ {
			c := v[j]
			if strings.IndexByte(spec.patternFlags, c) >= 0 {
				patternGiven = true
			}
			if name == "cp" && (c == 's' || c == 'l') || name == "install" && c == 'd' {
				access = Write
			}
			if name == "sed" && c == 'i' {
				backups = append(backups, v[j+1:]) // -i[SUFFIX]: the rest of the word
				break
			}
			if (name == "sort" && c == 'o') || ((name == "cp" || name == "mv" || name == "ln" || name == "install") && c == 't') {
				target := v[j+1:]
				tw := a
				if target == "" && i+1 < len(args) {
					i++
					tw, target = args[i], args[i].Value
				}
				extra = append(extra, fileOf(tw, target, Write, name))
				break
			}
			if strings.IndexByte(spec.argOpts, c) >= 0 {
				if j == len(v)-1 {
					i++
				}
				break
			}
		}
	}
	skip := spec.skip
	if patternGiven {
		skip = 0
	}
	if skip > len(ops) {
		skip = len(ops)
	}
	ops = ops[skip:]
	var out []File
	for i, o := range ops {
		if o.Value == "-" && access == Read {
			continue
		}
		acc := access
		if spec.lastWrite && i == len(ops)-1 && len(ops) > 1 {
			acc = Write
		}
		if name == "mv" || access == Write {
			acc = Write
		}
		out = append(out, fileOf(o, o.Value, acc, name))
		for _, suf := range backups {
			if b, ok := sedBackup(o.Value, suf); ok {
				out = append(out, fileOf(o, b, Write, "sed -i"))
			}
		}
		if name == "ln" && i < len(ops)-1 && len(ops) > 1 {
			// A relative symlink target is read from the link's directory.
			if d := path.Dir(ops[len(ops)-1].Value); d != "." && !strings.HasPrefix(o.Value, "/") {
				out = append(out, fileOf(o, path.Join(d, o.Value), Write, "ln"))
			}
		}
	}
	if name == "cp" || name == "mv" || name == "rsync" {
		markCopiedLinks(name, args, ops, len(extra) > 0, out)
		markCopyDest(args, ops, extra, out)
	}
	if removesTrees(name, args) {
		for i := range out {
			out[i].Tree = true
		}
	}
	out = append(out, removedNames(name, args, ops, len(extra) > 0)...)
	if name == "cp" || name == "mv" || name == "ln" || name == "install" {
		out = append(out, intoDir(name, ops, extra)...)
	}
	if parents {
		out = append(out, parentsInto(ops, extra)...)
	}
	if name == "rsync" {
		out = append(out, rsyncRelative(args, ops)...)
	}
	return append(out, extra...)
}

// intoDir lists the names a copy, move or link makes inside a directory
// target: DIR/base(SOURCE) for each source (cp payload/.bashrc . writes
// ./.bashrc; ln -s x/.claude with no target links ./.claude). Whether the
// target is a directory is known only at run time: the name is listed
// either way. dirs are the -t/--target-directory writes.
func intoDir(via string, ops []Word, dirs []File) []File {
	srcs := ops
	var targets []string
	for _, d := range dirs {
		targets = append(targets, d.Path)
	}
	switch {
	case len(targets) > 0:
	case len(ops) > 1:
		srcs, targets = ops[:len(ops)-1], []string{ops[len(ops)-1].Value}
	case len(ops) == 1 && via == "ln":
		targets = []string{"."}
	default:
		return nil
	}
	var out []File
	for _, s := range srcs {
		b := path.Base(s.Value)
		if b == "." || b == ".." || b == "/" {
			continue
		}
		for _, t := range targets {
			out = append(out, fileOf(s, path.Join(t, b), Write, via))
		}
	}
	return out
}

// sedBackup is the file GNU sed -i keeps the original of file in: the
// suffix appended to the name as written (`sed -irc … .npm` writes
// .npmrc), or, when the suffix holds '*', the suffix with each '*'
// replaced by the name (`-i'bak/*'` writes bak/F). No suffix, or "*"
// alone, keeps no backup.
func sedBackup(file, suffix string) (string, bool) {
	switch {
	case suffix == "" || suffix == "*":
		return "", false
	case strings.Contains(suffix, "*"):
		return strings.ReplaceAll(suffix, "*", file), true
	}
	return file + suffix, true
}

// historyFiles: history -a and -w write the history to the file named
// (HISTFILE without one), -r and -n read it (its lines become history).
func historyFiles(args []Word) []File {
	var acc Access
	var out []File
	for _, a := range args {
		v := a.Value
		if len(v) > 1 && v[0] == '-' {
			if strings.ContainsAny(v[1:], "aw") {
				acc = Write
			} else if acc == "" && strings.ContainsAny(v[1:], "rn") {
				acc = Read
			}
			continue
		}
		if acc != "" {
			out = append(out, fileOf(a, v, acc, "history"))
		}
	}
	return out
}

// awkInplace reports gawk's in-place editing (awk is gawk on many
// systems): -i inplace, --include=inplace, -l inplace, or @include /
// @load "inplace" in the program.
func awkInplace(args []Word) bool {
	for i, a := range args {
		v := a.Value
		if v == "--" {
			break
		}
		var val string
		switch {
		case v == "-i" || v == "-l" || v == "--include" || v == "--load":
			if i+1 < len(args) {
				val = args[i+1].Value
			}
		case strings.HasPrefix(v, "--include=") || strings.HasPrefix(v, "--load="):
			_, val, _ = strings.Cut(v, "=")
		case len(v) > 2 && v[0] == '-' && v[1] != '-':
			if j := strings.IndexAny(v[1:], "il"); j >= 0 && !strings.ContainsAny(v[1:j+1], "Ffv") {
				val = v[j+2:]
			}
		case strings.Contains(v, "@include") || strings.Contains(v, "@load"):
			val = v
		}
		if strings.Contains(val, "inplace") {
			return true
		}
	}
	return false
}

// sedSafeWords: without -i, w or e, sed's file operands are only read.
func sedSafeWords(args []Word) bool {
	s := make([]string, len(args))
	for i, a := range args {
		s[i] = a.Value
	}
	return sedSafe(s)
}

// findRoots splits find's arguments into its start points and the
// expression after them. find's own options come first (-H, -L, -P,
// -D LIST, -OLEVEL, as its process_leading_options reads them); with
// -files0-from FILE the start points are the names in FILE, known only at
// run time: the root directory stands for them.
func findRoots(args []Word) (roots, expr []Word) {
	i := 0
	for i < len(args) {
		v := args[i].Value
		if v == "-H" || v == "-L" || v == "-P" || strings.HasPrefix(v, "-O") {
			i++
			continue
		}
		if v == "-D" {
			i += 2
			continue
		}
		if v == "--" {
			i++
		}
		break
	}
	if i > len(args) {
		i = len(args)
	}
	start := i
	for i < len(args) {
		v := args[i].Value
		if strings.HasPrefix(v, "-") || v == "(" || v == "!" {
			break
		}
		i++
	}
	roots, expr = args[start:i:i], args[i:]
	for _, a := range expr {
		if a.Value == "-files0-from" {
			roots = append(roots, Word{Value: "/"}) // anywhere
			break
		}
	}
	return roots, expr
}

func findOperands(args []Word) []File {
	var out []File
	roots, expr := findRoots(args)
	for _, r := range roots {
		out = append(out, fileOf(r, r.Value, Read, "find"))
	}
	args = expr
	for i := 0; i < len(args); i++ {
		switch args[i].Value {
		case "-files0-from":
			// The names find starts from are read from the file (and
			// echoed back in its errors): the file's content is read.
			if i+1 < len(args) {
				out = append(out, fileOf(args[i+1], args[i+1].Value, Read, "find -files0-from"))
			}
		case "-fprint", "-fprint0", "-fls", "-fprintf":
			if i+1 < len(args) {
				out = append(out, fileOf(args[i+1], args[i+1].Value, Write, "find "+args[i].Value))
			}
		case "-delete":
			// find -delete removes what it finds under its start paths.
			for _, f := range out {
				if f.Access == Read && f.Via == "find" {
					out = append(out, File{Path: f.Path, Access: Write, Via: "find -delete", Dynamic: f.Dynamic, Glob: f.Glob, Tilde: f.Tilde})
				}
			}
		}
	}
	return out
}

func fileOf(w Word, p string, a Access, via string) File {
	return File{Path: p, Access: a, Via: via, Dynamic: w.Dynamic || w.Brace || fdLink(p), Glob: w.Glob, Tilde: w.Tilde}
}

// exemptTargets are redirect targets that are not files.
var exemptTargets = map[string]bool{"/dev/null": true, "/dev/stdout": true, "/dev/stderr": true}

// redirectFile returns the file a redirection reads or writes, if any.
func redirectFile(r Redirect) (File, bool) {
	t := r.Target
	if exemptTargets[t.Value] && t.Static() {
		return File{}, false
	}
	switch r.Op {
	case ">", ">>", ">|", "&>", "&>>", "<>", ">>|", "&>|":
		return fileOf(t, t.Value, Write, r.Op), true
	case "<":
		return fileOf(t, t.Value, Read, r.Op), true
	case ">&", "<&":
		// Only a non-numeric target is a file: "2>&1" and ">&-" duplicate fds.
		v := t.Value
		if !t.Dynamic && (v == "-" || (v != "" && strings.Trim(v, "0123456789") == "")) {
			return File{}, false
		}
		if r.Op == ">&" {
			return fileOf(t, v, Write, r.Op), true
		}
		return fileOf(t, v, Read, r.Op), true
	}
	return File{}, false
}
