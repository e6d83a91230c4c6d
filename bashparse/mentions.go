package bashparse

import (
	"slices"
	"strings"
)

// namesOnly are commands whose arguments are never opened for their
// content: a word naming a file there is not an access (spec §3's operand
// table exception). Shell builtins that take names, not files, are here too.
var namesOnly = map[string]bool{
	"echo": true, "printf": true, "ls": true, "stat": true, "test": true, "[": true, "[[": true, "realpath": true,
	"readlink": true, "basename": true, "dirname": true, "which": true, "type": true, "command": true,
	"hash": true, "true": true, "false": true, "du": true, "tree": true, "cd": true, "pushd": true, "popd": true,
	"export": true, "local": true, "declare": true, "typeset": true, "readonly": true, "unset": true, "set": true,
	"shopt": true, "alias": true, "unalias": true, "kill": true, "sleep": true, "exit": true, "return": true,
	"wait": true, "jobs": true, "read": true, "let": true, "trap": true, "find": true, "whereis": true,
	"whoami": true, "date": true, "pwd": true, "seq": true, "expr": true, "getopts": true, "shift": true,
	"umask": true, "ulimit": true, "history": true, "mkdir": true, "rmdir": true,
}

// gitNamesOnly are git subcommands whose path arguments only name files.
var gitNamesOnly = map[string]bool{"status": true, "check-ignore": true, "ls-files": true, "check-attr": true}

// subcommandFirst are the subcommand-style CLIs (subcommandCLIs) whose
// first word, when no option precedes it, is a subcommand and never a file
// they open: not bun or dotnet (bun FILE, dotnet APP.dll run a file), nor
// yarn, rake, rails, mvn or gradle, whose first word may be a script.
var subcommandFirst = map[string]bool{"git": true, "npm": true, "pnpm": true, "docker": true, "podman": true,
	"kubectl": true, "helm": true, "cargo": true, "go": true, "gh": true, "glab": true, "aws": true, "gcloud": true,
	"az": true, "terraform": true, "tofu": true, "systemctl": true, "apt": true, "apt-get": true, "brew": true,
	"pip": true, "pip3": true, "uv": true, "poetry": true, "composer": true, "svn": true, "hg": true}

// patternFirst are commands whose first operand is a pattern or program,
// not a file, unless an option supplied it.
var patternFirst = map[string]string{"grep": "ef", "egrep": "ef", "fgrep": "ef", "rg": "ef", "ag": "", "ack": "",
	"sed": "ef", "awk": "f", "gawk": "f", "mawk": "f", "jq": "f", "git-grep": "ef"}

// messageOpts are options whose value is text, never a path.
var messageOpts = map[string]bool{"-m": true, "--message": true, "--grep": true,
	"-name": true, "-iname": true, "-path": true, "-ipath": true, "-regex": true, "-iregex": true,
	"-wholename": true, "--format": true, "--pretty": true, "--author": true, "--committer": true, "-S": true, "-G": true}

// patternOpts are options whose value is a file-name pattern that selects
// or skips files, not a file opened.
var patternOpts = map[string]bool{"--include": true, "--exclude": true, "--exclude-dir": true, "--include-dir": true,
	"-g": true, "--glob": true, "--iglob": true, "--ignore": true, "--ignore-dir": true, "-x": true, "--exclude-glob": true}

// mentions lists the words of a command that may name a file it opens
// although no table entry says so: every operand and option value of a
// command not known to only name files, with access "" (any); and the
// static tail of a dynamic word ($PWD/.env), with the access of the operand
// it is when the table knows it. Deny and ask path rules see them.
func mentions(words []Word, files []File) []File {
	if len(words) == 0 {
		return nil
	}
	if !words[0].Static() {
		return dynamicNameMentions(words, files)
	}
	if len(words) < 2 {
		return nil
	}
	name := words[0].Value
	if namesOnly[name] {
		return nil
	}
	args := words[1:]
	gitRead := false
	if name == "git" && len(args) > 0 {
		if gitNamesOnly[args[0].Value] {
			return nil
		}
		gitRead = gitReadsOperands[args[0].Value]
		if args[0].Value == "grep" {
			name, args = "git-grep", args[1:]
		}
	}
	if subcommandFirst[name] && len(args) > 0 && args[0].Static() && !strings.HasPrefix(args[0].Value, "-") {
		args = args[1:] // git diff, npm run: the subcommand names no file
	}
	// known holds the words a table already placed, with their access:
	// a command has few, so a list beats a map.
	known := make(knownAccess, 0, len(files)+len(args))
	for _, f := range files {
		known.add(f.Path, f.Access)
	}
	patternFlags, hasPattern := patternFirst[name]
	patternGiven := false
	if hasPattern {
		for _, a := range args {
			v := a.Value
			if v == "--" {
				break
			}
			if given, _ := patternLong(name, v); given || strings.HasPrefix(v, "--regexp") || strings.HasPrefix(v, "--file") ||
				len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.ContainsAny(v[1:2], patternFlags) && patternFlags != "" {
				patternGiven = true
			}
		}
	}
	var out []File
	var candBuf [6]string
	cands := candBuf[:0]
	seenOperand := false
	skipNext := false
	for _, a := range args {
		v := a.Value
		if skipNext {
			skipNext = false
			continue
		}
		if messageOpts[v] || patternOpts[v] || hasPattern && (v == "-e" || v == "--regexp") {
			skipNext = true
			continue
		}
		if n, _, ok := strings.Cut(v, "="); ok && patternOpts[n] {
			continue
		}
		if a.Dynamic {
			// $PWD/.env: the static tail may still name a guarded file,
			// under whatever directory the expansion gives.
			acc, _ := known.get(v)
			if t := strings.TrimLeft(a.Tail, "/"); t != "" && t != "." {
				out = append(out, File{Path: t, Access: acc, Via: name, Dynamic: true, Tail: t})
			}
			if strings.ContainsAny(v, "$`") {
				// The word as written, and the parts of it that may be
				// a path (--in=$f, $p/config even with a tail): variables
				// set earlier in the script may spell them (varWitnesses).
				cands = appendCandidates(cands[:0], v)
				for i, c := range cands {
					if strings.ContainsAny(c, "$`") && !slices.Contains(cands[:i], c) {
						out = append(out, File{Path: c, Access: acc, Via: name, Dynamic: true})
					}
				}
			}
			continue
		}
		if v == "" {
			continue
		}
		if !strings.HasPrefix(v, "-") {
			if hasPattern && !patternGiven && !seenOperand {
				seenOperand = true
				continue
			}
			seenOperand = true
		}
		out, cands = appendWordFiles(out, &known, cands, a, name)
	}
	if gitRead {
		markReads(out)
	}
	return out
}

// gitReadsOperands are git subcommands whose operands are revisions and
// pathspecs they only read (from the work tree or the object store): a
// path they name is a read, so an Edit deny on it does not stop
// `git log -- src`, and a Read deny still stops `git show HEAD:.env`.
// Their writing options (--output) are the option tables'.
var gitReadsOperands = map[string]bool{"log": true, "diff": true, "show": true, "blame": true, "annotate": true,
	"shortlog": true, "whatchanged": true, "diff-files": true, "diff-index": true, "diff-tree": true,
	"rev-list": true, "cat-file": true, "ls-tree": true, "grep": true}

// markReads gives the mentions of a command that only reads, whose
// access no table set, the access read.
func markReads(out []File) {
	for i := range out {
		if out[i].Access == "" {
			out[i].Access = Read
		}
	}
}

// appendWordFiles appends the files a static word a of a command (via)
// may name and known does not hold yet: each part of it that may be a
// path (appendCandidates), of any access — no table says how the command
// uses it — and, for a brace word, each of its expansions. cands is
// scratch space, returned for reuse.
func appendWordFiles(out []File, known *knownAccess, cands []string, a Word, via string) ([]File, []string) {
	v := a.Value
	cands = appendCandidates(cands[:0], v)
	for _, c := range cands {
		if _, ok := known.get(c); ok || c == "" || c == "-" {
			continue
		}
		known.add(c, "")
		out = append(out, File{Path: c, Via: via, Glob: a.Glob, Tilde: a.Tilde && c == v})
	}
	if a.Brace {
		// rev .{e,}nv: each expansion is a word the command sees.
		out = append(out, braceFiles([]File{{Path: v, Via: via, Dynamic: true}})...)
	}
	return out, cands
}

// appendCandidates appends the parts of a word that may be a path: the word, the
// value after "=" (--opt=F, key=F), after "@" (curl -d @F), after "REV:"
// (git show REV:F), and an attached short option value (-fF).
func appendCandidates(out []string, v string) []string {
	if !strings.HasPrefix(v, "-") {
		out = append(out, v)
	}
	if i := strings.IndexByte(v, '='); i >= 0 {
		out = append(out, v[i+1:])
		if j := strings.LastIndexByte(v, '='); j > i {
			out = append(out, v[j+1:])
		}
	}
	if i := strings.IndexByte(v, '@'); i >= 0 {
		out = append(out, v[i+1:])
	}
	if i := strings.IndexByte(v, ':'); i > 0 && !strings.Contains(v[:i], "/") {
		out = append(out, strings.TrimPrefix(v[i+1:], "./"))
	}
	if len(v) > 2 && v[0] == '-' && v[1] != '-' {
		out = append(out, v[2:])
	}
	// Quoted literals inside a word: file names in inline programs
	// (python -c 'open(".env")', node -e "require('fs').readFileSync('.env')").
	if strings.IndexByte(v, '"') >= 0 || strings.IndexByte(v, '\'') >= 0 {
		for _, q := range []byte{'"', '\''} {
			parts := strings.Split(v, string(q))
			for i := 1; i < len(parts)-1; i += 2 {
				out = append(out, parts[i])
			}
		}
	}
	return out
}

// knownAccess is a small map from path to access, kept as a list.
type knownAccess []struct {
	path string
	acc  Access
}

func (k knownAccess) get(p string) (Access, bool) {
	for _, e := range k {
		if e.path == p {
			return e.acc, true
		}
	}
	return "", false
}

// add records p; a write stays a write.
func (k *knownAccess) add(p string, acc Access) {
	for i, e := range *k {
		if e.path == p {
			if e.acc != Write {
				(*k)[i].acc = acc
			}
			return
		}
	}
	*k = append(*k, struct {
		path string
		acc  Access
	}{p, acc})
}

// execMayWrite reports a find -exec command (up to ; or +) that may
// write the files it is given: neither a known reader nor a command that
// only names files.
func execMayWrite(words []Word) bool {
	end := len(words)
	for i, w := range words {
		if w.Value == ";" || w.Value == "+" {
			end = i
			break
		}
	}
	words = words[:end]
	if len(words) == 0 {
		return false
	}
	if !words[0].Static() {
		return true // a command named at run time may be any writer
	}
	if namesOnly[words[0].Value] {
		return false
	}
	name := words[0].Value
	spec, ok := operandSpecs[name]
	if !ok || spec.access == Write || spec.lastWrite {
		return true
	}
	return name == "sed" && !sedSafeWords(words[1:])
}

func hasShort(args []Word, c byte) bool {
	for _, a := range args {
		v := a.Value
		if v == "--" {
			return false
		}
		if len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.IndexByte(v[1:], c) >= 0 {
			// stop at the first letter taking a value? a cluster like -rA3 still has r
			return true
		}
	}
	return false
}

func hasLong(args []Word, name string) bool {
	for _, a := range args {
		if a.Value == name || hasValuePrefix(a.Value, name) {
			return true
		}
	}
	return false
}

func longValues(args []Word, name string) []string {
	var out []string
	for i, a := range args {
		if hasValuePrefix(a.Value, name) {
			v := a.Value[len(name)+1:]
			out = append(out, v)
		} else if a.Value == name && i+1 < len(args) {
			out = append(out, args[i+1].Value)
		}
	}
	return out
}

func optValues(args []Word, short, long string) []string {
	var out []string
	for i, a := range args {
		v := a.Value
		switch {
		case v == short || v == long:
			if i+1 < len(args) {
				out = append(out, args[i+1].Value)
			}
		case hasValuePrefix(v, long):
			out = append(out, v[len(long)+1:])
		case len(short) == 2 && strings.HasPrefix(v, short) && len(v) > 2:
			out = append(out, v[2:])
		}
	}
	return out
}

// operandWords lists the non-option words; argOpts are short options that
// take the next word as their value.
func operandWords(args []Word, argOpts string) []Word {
	var out []Word
	end := false
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if end || !strings.HasPrefix(v, "-") || v == "-" {
			out = append(out, args[i])
			continue
		}
		if v == "--" {
			end = true
			continue
		}
		if strings.HasPrefix(v, "--") {
			continue
		}
		last := v[len(v)-1]
		if strings.IndexByte(argOpts, last) >= 0 && i+1 < len(args) {
			i++
		}
	}
	return out
}

// gitNamesOperands are git subcommands that read, stage or record the paths
// they name but never write those files in the working tree (git add
// .gitmodules stages it; git rm, mv and stash do write).
var gitNamesOperands = map[string]bool{"add": true, "stage": true, "commit": true, "log": true, "diff": true,
	"show": true, "blame": true, "annotate": true, "status": true, "ls-files": true, "ls-tree": true, "grep": true,
	"shortlog": true, "reset": true, "check-ignore": true, "check-attr": true, "whatchanged": true,
	"diff-files": true, "diff-index": true, "diff-tree": true, "rev-list": true, "cat-file": true,
	// Their writes are the table's (gitWrites, configWrite): what is left
	// are revisions, --staged paths and config keys.
	"checkout": true, "restore": true, "config": true}

// markMayWrite marks the mentions of c that may be written: the command
// is not read-only and nothing says it only names or reads its operands
// (spec §3: an unknown command's operands are possible reads and writes;
// perl -pi, ruby -i and any script runner edit what they are given).
func markMayWrite(c *Command, inner []Word) {
	if c.ReadOnly {
		// The table says the command writes nothing: a word it names is
		// at most read (rev src/a.go is not an edit of src/).
		markReads(c.Mentions)
		return
	}
	if len(c.Mentions) == 0 || len(inner) == 0 {
		return
	}
	if inner[0].Value == "git" && len(inner) > 1 && gitNamesOperands[inner[1].Value] {
		return
	}
	if shellScript(inner) {
		return // the script is parsed: its commands say what they write
	}
	for i := range c.Mentions {
		if c.Mentions[i].Access != Read {
			c.Mentions[i].MayWrite = true
		}
	}
}

// scriptShells are the shells whose -c script is parsed as commands.
var scriptShells = map[string]bool{"bash": true, "sh": true, "zsh": true, "dash": true, "ksh": true, "mksh": true, "ash": true}

// shellScript reports a shell given a -c script (bash -c, sh -ec, zsh -lc)
// and nothing after it: words after the script are its $0, $1, … and may
// be what it writes (sh -c 'tee "$1"' _ .git/config).
func shellScript(words []Word) bool {
	if !scriptShells[words[0].Value] {
		return false
	}
	for i, w := range words[1:] {
		v := w.Value
		if len(v) < 2 || v[0] != '-' || v == "--" {
			return false
		}
		if v[1] != '-' && strings.IndexByte(v[1:], 'c') >= 0 {
			return len(words) == i+3 // name, options up to -c, the script
		}
	}
	return false
}
