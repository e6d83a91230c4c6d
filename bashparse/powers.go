package bashparse

import (
	"strings"

	"github.com/agentctl/agentctl/internal/lazyre"
)

// sshCommandKeys are ssh options (-o KEY=VALUE) whose value runs locally.
var sshCommandKeys = map[string]bool{"proxycommand": true, "localcommand": true, "knownhostscommand": true,
	"pkcs11provider": true, "securitykeyprovider": true, "match": true}

// optionPowers reads a command's power options (the programs table): the
// scripts they run become payloads, the files they name become file
// operands, and each is a power no prefix rule approves.
func optionPowers(words []Word) (pays []payload, files []File, powers []string) {
	if len(words) == 0 {
		return nil, nil, nil
	}
	name := words[0].Value
	if name == "make" || name == "gmake" || name == "bmake" || name == "remake" {
		pays, powers = makeVarPowers(words[1:])
	}
	files = append(files, checksumListReads(words)...)
	if archiveLister[name] {
		files = append(files, archiveListReads(name, words[1:])...)
	}
	if name == "pytest" || name == "py.test" {
		files = append(files, pytestPathReads(words[1:])...)
	}
	if name == "kubectl" || name == "oc" {
		files = append(files, kubectlFileReads(words[1:])...)
	}
	if name == "socat" {
		sp, spow := socatPowers(words[1:])
		pays, powers = append(pays, sp...), append(powers, spow...)
	}
	if name == "jq" {
		jf, jp := jqModuleFiles(words[1:])
		files, powers = append(files, jf...), append(powers, jp...)
	}
	if awkNames[name] {
		powers = append(powers, awkRunsPowers(words)...)
	}
	vp, vpow := valuePowers(words)
	pays, powers = append(pays, vp...), append(powers, vpow...)
	for _, u := range powerOptions(words) {
		desc := name + " " + u.name
		dyn := !u.word.Static()
		switch u.kind {
		case runsScript:
			script := u.value
			if (name == "ssh" || name == "scp") && u.name == "-o" {
				k, v, ok := strings.Cut(u.value, "=")
				if !ok {
					k, v, _ = strings.Cut(u.value, " ")
				}
				if !sshCommandKeys[strings.ToLower(strings.TrimSpace(k))] {
					continue
				}
				script = strings.TrimSpace(v)
			}
			if script == "" && !dyn {
				continue
			}
			pays = append(pays, payload{script: script, dynamic: dyn, origin: desc, reason: ReasonDynamicShell})
			powers = append(powers, desc+" runs "+script)
		case runsArgv:
			var argv []Word
			for _, r := range u.rest {
				if r.Value == ";" || r.Value == `\;` {
					break
				}
				argv = append(argv, r)
			}
			if len(argv) > 0 {
				pays = append(pays, payload{argv: argv, origin: desc})
			}
			powers = append(powers, desc+" runs a command")
		case namesProgram:
			if (u.name == "-ldflags") && !strings.Contains(u.value, "extld") {
				continue
			}
			if name == "wget" && (u.name == "-e" || u.name == "--execute") && u.word.Static() && wgetCommandSafe(u.value) {
				continue
			}
			powers = append(powers, desc+" names a program or configuration: "+u.value)
			// What it names runs, unread: deny and ask rules cannot see it.
			pays = append(pays, payload{unresolved: true, reason: ReasonProgramConfig, origin: desc,
				script: desc + " names a program or configuration agentctl does not read: " + u.value})
		case writesFile:
			if u.value == "" || u.value == "-" || exemptTargets[u.value] {
				continue
			}
			files = append(files, fileOf(u.word, u.value, Write, desc))
			powers = append(powers, desc+" writes "+u.value)
		case readsFile:
			v := strings.TrimPrefix(u.value, "@")
			if v == "" || v == "-" {
				continue
			}
			if name == "file" {
				for _, m := range strings.Split(v, ":") {
					if m != "" {
						files = append(files, fileOf(u.word, m, Read, desc))
					}
				}
				continue
			}
			files = append(files, fileOf(u.word, v, Read, desc))
		case expandsWords:
			if pay, ok := wordListPayload(u, dyn, desc); ok {
				pays, powers = append(pays, pay), append(powers, desc+" expands "+u.value)
			}
		case readsFileList:
			files = append(files, fileListReads(u.word, u.value, desc)...)
		case readsLeadingAt, readsNamedAt:
			if f := sentFile(u.kind, u.value); f != "" {
				files = append(files, fileOf(u.word, f, Read, desc))
			}
		case readsAtFile:
			f := atFile(u.value)
			if f == "" || f == "-" {
				continue
			}
			files = append(files, fileOf(u.word, f, Read, desc))
		case readsScript:
			if u.value == "" {
				continue
			}
			if u.value == "-" {
				// make -f - reads its makefile from stdin: the recipes it
				// runs are not in the call's words.
				powers = append(powers, desc+" reads instructions from stdin")
				pays = append(pays, payload{unresolved: true, reason: ReasonShellInput, origin: desc,
					script: desc + " reads its instructions from stdin"})
				continue
			}
			files = append(files, fileOf(u.word, u.value, Read, desc))
			if outsideWorkingDir(u.word, u.value) {
				powers = append(powers, desc+" reads instructions from "+u.value)
				pays = append(pays, payload{unresolved: true, reason: ReasonProgramConfig, origin: desc,
					script: desc + " reads instructions from outside the working directories: " + u.value})
			}
		}
	}
	return pays, files, powers
}

// atFile is the file an "@FILE", "name=@FILE" or "name=<FILE" value reads
// (curl's data and form options); "" when it names none.
func atFile(v string) string {
	if f, ok := strings.CutPrefix(v, "@"); ok {
		return f
	}
	if _, rest, ok := strings.Cut(v, "="); ok && (strings.HasPrefix(rest, "@") || strings.HasPrefix(rest, "<")) {
		f, _, _ := strings.Cut(rest[1:], ";")
		return f
	}
	return ""
}

// scriptFiles lists the files named inside sed and awk programs: sed's
// r/R (read), w/W and s///w (write); awk's getline < F and print > F.
func scriptFiles(words []Word) []File {
	if len(words) < 2 || !words[0].Static() {
		return nil
	}
	name := words[0].Value
	var out []File
	switch name {
	case "sed", "gsed":
		for _, s := range sedScripts(words[1:]) {
			sc := sedScan(s.Value)
			for _, r := range sc.reads {
				out = append(out, fileOf(s, r, Read, "sed r"))
			}
			for _, w := range sc.writes {
				out = append(out, fileOf(s, w, Write, "sed w"))
			}
		}
	case "sqlite3":
		out = append(append(out, sqliteFiles(words[1:])...), sqliteDatabaseFile(words[1:])...)
	case "python", "python2", "python3", "node", "nodejs", "bun", "deno", "perl", "ruby", "php", "lua":
		out = append(out, inlineComputedFiles(name, words[1:])...)
	case "scp":
		out = append(out, scpFiles(words[1:])...)
	case "man":
		out = append(out, manFiles(words[1:])...)
	case "yq":
		out = append(out, yqFiles(words[1:])...)
	case "vim", "vi", "nvim", "view", "gvim", "vimdiff", "rvim", "ex":
		out = append(out, vimExFiles(name, words[1:])...)
	case "awk", "gawk", "mawk", "nawk":
		// Every word: the program's place depends on options that take a
		// value (-v x=1, -F :, -W i), and a data file's name never holds
		// a redirection.
		for _, w := range words[1:] {
			for _, m := range awkGetline.FindAllStringSubmatch(w.Value, -1) {
				out = append(out, fileOf(w, m[1], Read, "awk getline"))
			}
			for _, m := range awkPrint.FindAllStringSubmatch(w.Value, -1) {
				out = append(out, fileOf(w, m[1], Write, "awk print"))
			}
			out = append(out, awkComputedFiles(w)...)
		}
	}
	return out
}

var (
	awkGetline = lazyre.New(`getline[^<;}]*<\s*"([^"]+)"`)
	awkPrint   = lazyre.New(`print[f]?[^;}|]*?>>?\s*"([^"]+)"`)
)

// sedScripts returns the script words of a sed command line.
func sedScripts(args []Word) []Word {
	var out []Word
	explicit := false
	for i := 0; i < len(args); i++ {
		v := canonLong(args[i].Value, sedLongs)
		switch {
		case v == "-e" || v == "--expression":
			if i+1 < len(args) {
				out = append(out, args[i+1])
				i++
			}
			explicit = true
		case strings.HasPrefix(v, "--expression="):
			w := args[i]
			w.Value = strings.TrimPrefix(v, "--expression=")
			out = append(out, w)
			explicit = true
		case len(v) > 2 && v[0] == '-' && v[1] != '-' && sedClusterScript(v) >= 0:
			// A cluster ending in e: -ne'SCRIPT', -nE -e.
			if w, next, found := clusterValue(args, i, sedClusterScript(v)); found {
				out, i = append(out, w), next
			}
			explicit = true
		case v == "-f" || v == "--file" || v == "-l" || v == "--line-length":
			i++
		case strings.HasPrefix(v, "-"):
		default:
			if !explicit {
				out = append(out, args[i])
				explicit = true
			}
		}
	}
	return out
}

// sedScript is what a sed script does beyond printing.
type sedScript struct {
	reads, writes, execs []string
	// ok: every command was understood (an unknown one may do anything).
	ok bool
}

// sedScan finds the files a sed script reads (r, R) and writes (w, W,
// s///w), and the commands it executes (e, s///e: ""). A file name runs to
// the end of the line, as GNU sed reads it.
func sedScan(s string) sedScript {
	out := sedScript{ok: true}
	failed := func() sedScript { out.ok = false; return out }
	i := 0
	rest := func() string {
		j := strings.IndexByte(s[i:], '\n')
		if j < 0 {
			j = len(s) - i
		}
		v := strings.TrimSpace(s[i : i+j])
		i += j
		return v
	}
	skip := func(delim byte) bool {
		for i < len(s) && s[i] != delim {
			if s[i] == '\\' {
				i++
			}
			i++
		}
		if i >= len(s) {
			return false
		}
		i++
		return true
	}
	for i < len(s) {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == ';' || c == '{' || c == '}' || c == '!' || c == ',':
			i++
		case c >= '0' && c <= '9' || c == '$' || c == '~' || c == '+':
			i++
		case c == '/':
			i++
			if !skip('/') {
				return failed()
			}
		case c == '\\':
			if i+1 >= len(s) {
				return failed()
			}
			d := s[i+1]
			i += 2
			if !skip(d) {
				return failed()
			}
		case c == 's' || c == 'y':
			if i+1 >= len(s) {
				return failed()
			}
			d := s[i+1]
			i += 2
			// s/regex/replacement/ and y/src/dst/: two delimited parts.
			if !skip(d) {
				return failed()
			}
			if !skip(d) {
				return failed()
			}
			for i < len(s) && s[i] != ';' && s[i] != '\n' && s[i] != '}' {
				switch s[i] {
				case 'w', 'W':
					i++
					out.writes = append(out.writes, rest())
					continue
				case 'e':
					out.execs = append(out.execs, "")
				}
				i++
			}
		case c == 'r' || c == 'R':
			i++
			out.reads = append(out.reads, rest())
		case c == 'w' || c == 'W':
			i++
			out.writes = append(out.writes, rest())
		case c == 'e':
			i++
			out.execs = append(out.execs, rest())
		case c == 'a' || c == 'i' || c == 'c':
			i++
			rest()
		case c == ':' || c == 'b' || c == 't' || c == 'T':
			// GNU sed (4.9) ends a label at a blank, ";" or "}": in
			// ":a w F" and "ba e CMD" what follows is the next command.
			i++
			for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
				i++
			}
			for i < len(s) && strings.IndexByte(" \t\n\r\v\f;}", s[i]) < 0 {
				i++
			}
		case strings.IndexByte("pPdDnNgGhHxlqQz=FIM", c) >= 0:
			i++
		default:
			out.ok = false
			i++
		}
	}
	return out
}

// sedClusterScript is the index in a short-option cluster of the e that
// takes sed's script (the rest of the word, or the next one), or -1; an i
// or l before it takes the rest of the word itself.
func sedClusterScript(v string) int {
	for j := 1; j < len(v); j++ {
		switch v[j] {
		case 'e':
			return j
		case 'i', 'l', 'f':
			return -1
		case 'n', 's', 'u', 'z', 'E', 'r', 'b':
		default:
			return -1
		}
	}
	return -1
}

// sedScriptFiles are the files sed reads its script from (-f, --file, a
// cluster ending in f).
func sedScriptFiles(args []Word) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		v := canonLong(args[i].Value, sedLongs)
		switch {
		case v == "-f" || v == "--file":
			if i+1 < len(args) {
				out = append(out, args[i+1].Value)
				i++
			}
		case strings.HasPrefix(v, "--file="):
			out = append(out, strings.TrimPrefix(v, "--file="))
		case v == "--":
			return out
		case len(v) > 1 && v[0] == '-' && v[1] != '-':
			for j := 1; j < len(v); j++ {
				if v[j] == 'e' || v[j] == 'i' || v[j] == 'l' {
					break
				}
				if v[j] == 'f' {
					if w, next, found := clusterValue(args, i, j); found {
						out, i = append(out, w.Value), next
					}
					break
				}
			}
		}
	}
	return out
}
