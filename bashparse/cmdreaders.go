package bashparse

import (
	"strings"

	"github.com/agentctl/agentctl/internal/lazyre"
)

// Programs with a command language of their own that reaches the shell:
// sqlite3's .shell/.system, ed's and ex's !, vim's -c/+cmd/-S, psql's \!,
// mysql's system, crontab's job lines. What they run comes from their
// arguments, from a file, or from stdin (a here-string, a here-document, a
// pipe): a command written there is analysed when it is a literal
// argument, and is an unresolved part otherwise (spec §3: "anything that
// runs a command is a command").

// commandReaderPayloads returns what such a program may run.
func commandReaderPayloads(name string, args []Word) []payload {
	switch name {
	case "sqlite3":
		return append(sqlitePayloads(args), sqliteSQLPayloads(args)...)
	case "ed", "ex":
		return []payload{readerUnresolved(name + " reads its commands from stdin (! runs a shell command)")}
	case "vim", "vi", "nvim", "view", "gvim", "vimdiff", "rvim":
		return vimPayloads(name, args)
	case "crontab":
		for _, a := range args {
			switch a.Value {
			case "-l", "-r", "-e", "-V", "--version", "-h", "--help":
				return nil
			}
		}
		return []payload{readerUnresolved("crontab installs the jobs of a file or stdin")}
	case "psql", "mysql", "mariadb":
		if name == "psql" {
			return append(sqlClientPayloads(name, args), psqlCommandPayloads(args)...)
		}
		return append(sqlClientPayloads(name, args), mysqlCommandPayloads(name, args)...)
	case "less":
		return lessPayloads(args)
	}
	return nil
}

func readerUnresolved(why string) payload {
	return payload{unresolved: true, reason: ReasonShellInput, origin: strings.Fields(why)[0], script: why}
}

// sqliteValueOpts are sqlite3's options that take a value.
var sqliteValueOpts = map[string]bool{"cmd": true, "init": true, "separator": true, "nullvalue": true,
	"newline": true, "A": true, "mmap": true, "vfs": true, "lookaside": true, "pagecache": true, "heap": true,
	"maxsize": true, "escape": true, "hexkey": true, "key": true, "textkey": true}

// sqlitePayloads: after the database, each operand is SQL or a dot
// command; -cmd X runs X first; -init F and .read F run a file; with no
// operand the commands come from stdin. -safe turns .shell and its kin off.
func sqlitePayloads(args []Word) []payload {
	var cmds []Word
	var out []payload
	operands := 0
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if opt, ok := strings.CutPrefix(strings.TrimPrefix(v, "-"), "-"); ok || strings.HasPrefix(v, "-") && !ok {
			if !ok {
				opt = v[1:]
			}
			switch {
			case opt == "safe":
				return nil
			case opt == "version" || opt == "help":
				return nil
			case opt == "init" && i+1 < len(args):
				out = append(out, readerUnresolved("sqlite3 -init runs the commands of "+args[i+1].Value))
				i++
			case opt == "cmd" && i+1 < len(args):
				cmds = append(cmds, args[i+1])
				i++
			case sqliteValueOpts[opt]:
				i++
			}
			continue
		}
		operands++
		if operands > 1 {
			cmds = append(cmds, args[i])
		}
	}
	if operands < 2 {
		out = append(out, readerUnresolved("sqlite3 reads its commands from stdin (.shell runs a command)"))
	}
	for _, c := range cmds {
		out = append(out, sqliteDot(c)...)
	}
	return out
}

// sqliteDot: the dot commands of one sqlite3 argument. .shell/.system (and
// their abbreviations) run the rest of the line; a dot command naming
// "|cmd" (.output, .once, .import, .read) runs cmd; .read F runs a file.
func sqliteDot(w Word) []payload {
	if !w.Static() {
		return []payload{readerUnresolved("sqlite3 runs a command not known statically")}
	}
	var out []payload
	for _, line := range strings.Split(w.Value, "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, ".") {
			continue
		}
		verb, rest, _ := strings.Cut(line[1:], " ")
		switch {
		case len(verb) >= 2 && (strings.HasPrefix("shell", verb) || strings.HasPrefix("system", verb)):
			out = append(out, payload{script: rest, origin: "sqlite3 ." + verb, reason: ReasonDynamicShell})
		case strings.Contains(rest, "|"):
			out = append(out, readerUnresolved("sqlite3 ."+verb+" pipes through a command"))
		case len(verb) >= 2 && strings.HasPrefix("read", verb):
			out = append(out, readerUnresolved("sqlite3 .read runs the commands of "+rest))
		default:
			out = append(out, sqliteRunPayloads(verb)...)
		}
	}
	return out
}

// vimPayloads: -c X, --cmd X and +X run Ex commands ("!cmd" runs cmd);
// -S F and -u F run a script, -s F replays keys from a file, and -e/-E/-es
// (ex mode) read Ex commands from stdin. +N and +/pattern only move.
func vimPayloads(name string, args []Word) []payload {
	var out []payload
	ex := func(w Word) {
		v := w.Value
		switch {
		case !w.Static():
			out = append(out, readerUnresolved(name+" runs an Ex command not known statically"))
		case strings.HasPrefix(strings.TrimLeft(v, ": "), "!"):
			out = append(out, payload{script: strings.TrimLeft(v, ": ")[1:], origin: name + " !", reason: ReasonDynamicShell})
		case vimFilterCmd.MatchString(strings.TrimLeft(v, ": ")):
			// :r !cmd reads cmd's output, :w !cmd pipes the buffer to it.
			m := vimFilterCmd.FindStringSubmatch(strings.TrimLeft(v, ": "))
			out = append(out, payload{script: m[1] + m[2], origin: name + " :r !", reason: ReasonDynamicShell})
		case vimHarmless(v):
		default:
			out = append(out, readerUnresolved(name+" runs the Ex command "+v))
		}
	}
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "--":
			return out
		case (v == "-c" || v == "--cmd") && i+1 < len(args):
			ex(args[i+1])
			i++
		case strings.HasPrefix(v, "+"):
			w := args[i]
			w.Value = v[1:]
			ex(w)
		case (v == "-S" || v == "-u" || v == "-s" || v == "-U") && i+1 < len(args):
			if f := args[i+1].Value; !(v != "-S" && (f == "NONE" || f == "NORC")) {
				out = append(out, readerUnresolved(name+" "+v+" runs the commands of "+f))
			}
			i++
		case v == "-e" || v == "-E" || v == "-es" || v == "-Es" || v == "-se":
			out = append(out, readerUnresolved(name+" "+v+" reads Ex commands from stdin"))
		}
	}
	return out
}

// vimExWords are the Ex commands that name a file, with what they do to
// it: :w FILE (and :w >> FILE, :sav, :up, :wq, :x) writes it; :e, :sp,
// :new … open it into a buffer a later :w writes; :r reads it.
var vimExWords = func() map[string]Access {
	m := map[string]Access{}
	for _, w := range strings.Fields("w wr wri writ write wq wqa wqall x xi xit exi exit xa xall sav save savea saveas " +
		"up upd upda updat update e ed edi edit sp spl spli split vs vsp vspl vspli vsplit new vne vnew tabe tabed tabedi tabedit tabnew") {
		m[w] = Write
	}
	for _, r := range strings.Fields("r re rea read") {
		m[r] = Read
	}
	return m
}()

// vimExFiles lists the files the Ex commands of -c, --cmd and +cmd name
// (vim -es -c 'w .git/hooks/pre-commit' -c q x writes the hook).
func vimExFiles(name string, args []Word) []File {
	var out []File
	ex := func(w Word) {
		for _, cmd := range strings.Split(w.Value, "|") {
			cmd = strings.TrimSpace(strings.TrimLeft(cmd, ": "))
			n := 0
			for n < len(cmd) && cmd[n] >= 'a' && cmd[n] <= 'z' {
				n++
			}
			acc, ok := vimExWords[cmd[:n]]
			rest := cmd[n:]
			if !ok || rest == "" || !strings.ContainsRune("! \t>", rune(rest[0])) {
				continue
			}
			rest = strings.TrimPrefix(rest, "!")
			rest = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), ">>"))
			if rest == "" || rest[0] == '!' {
				continue // :r !cmd runs cmd (vimPayloads)
			}
			out = append(out, fileOf(w, rest, acc, name+" :"+cmd[:n]))
		}
	}
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "--":
			return out
		case (v == "--cmd" || len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.HasSuffix(v, "c")) && i+1 < len(args):
			ex(args[i+1]) // -c CMD, and a cluster ending in c (ex -sc CMD)
			i++
		case strings.HasPrefix(v, "+") && len(v) > 1:
			ex(Word{Value: v[1:], Dynamic: args[i].Dynamic})
		}
	}
	return out
}

// vimFilterCmd matches :r !cmd (also :r!cmd) and :w !cmd; the command
// is group 1 or 2.
var vimFilterCmd = lazyre.New(`^(?:(?:r|re|rea|read)\s*!(.*)|(?:w|wr|wri|writ|write)\s+!(.*))$`)

// vimHarmless are +cmd/-c values that only move, search, set or save.
func vimHarmless(v string) bool {
	v = strings.TrimLeft(v, ": ")
	if v == "" || strings.Trim(v, "0123456789") == "" || strings.HasPrefix(v, "/") && !strings.ContainsAny(v, "|\n") {
		return true
	}
	switch v {
	case "w", "wq", "q", "q!", "qa", "qa!", "wqa", "x", "xa", "$", "set nu", "set number", "syntax on":
		return true
	}
	return false
}

// sqlClientPayloads: psql -c/-f and mysql -e run client commands, and
// both read them from stdin otherwise; psql's \! and mysql's system and
// \! run shell commands.
func sqlClientPayloads(name string, args []Word) []payload {
	given := false
	for i, a := range args {
		v := a.Value
		switch {
		case v == "--version" || v == "-V" || v == "--help" || v == "-l" || v == "--list":
			return nil
		case name == "psql" && (v == "-c" || v == "--command") || name != "psql" && (v == "-e" || v == "--execute"):
			given = true
			if i+1 < len(args) {
				c := args[i+1]
				if !c.Static() || strings.Contains(c.Value, `\!`) || strings.Contains(strings.ToLower(c.Value), "system") {
					return []payload{readerUnresolved(name + " " + v + " may run a shell command")}
				}
			}
		case strings.HasPrefix(v, "--command=") || strings.HasPrefix(v, "--execute=") || strings.HasPrefix(v, "-c") && name == "psql" && len(v) > 2:
			given = true
			if strings.Contains(v, `\!`) || strings.Contains(strings.ToLower(v), "system") || !a.Static() {
				return []payload{readerUnresolved(name + " " + v + " may run a shell command")}
			}
		case name == "psql" && (v == "-f" || strings.HasPrefix(v, "--file")):
			return []payload{readerUnresolved("psql -f runs the commands of a file")}
		}
	}
	if given {
		return nil
	}
	return []payload{readerUnresolved(name + " reads its commands from stdin (\\! runs a shell command)")}
}

// sqliteFiles: the files sqlite3's dot-command arguments read and write.
func sqliteFiles(args []Word) []File {
	var out []File
	for _, w := range args {
		if !w.Static() {
			continue
		}
		out = append(out, sqliteSQLWrites(w)...)
		if !strings.Contains(w.Value, ".") {
			continue
		}
		for _, line := range strings.Split(w.Value, "\n") {
			f := strings.Fields(strings.TrimSpace(line))
			if len(f) < 2 || !strings.HasPrefix(f[0], ".") {
				continue
			}
			// An abbreviation is each file command it could name.
			for _, verb := range sqliteDotNames(f[0][1:], sqliteFileDotNames) {
				if verb == "import" {
					out = append(out, fileOf(w, strings.Trim(f[1], `'"`), Read, "sqlite3 .import"))
					continue
				}
				if !strings.HasPrefix(f[len(f)-1], "-") {
					out = append(out, fileOf(w, strings.Trim(f[len(f)-1], `'"`), sqliteFileDots[verb], "sqlite3 ."+verb))
				}
			}
		}
	}
	return out
}

// lessMotion matches the +cmd values of less that only move or search:
// +G, +100, +50%, +F, +/pattern, +?pattern. Anything else is a less
// command run at start: +!cmd runs cmd, +|m cmd pipes to cmd, +v starts
// an editor, +s F writes F.
var lessMotion = lazyre.New(`^\+?([0-9]+[gGpP%]?|[gGFpP]|[/?][^!|\n]*)$`)

// lessKeyOpts read key bindings (and, in their #env section, LESSOPEN)
// from a file or a string.
var lessKeyOpts = []string{"-k", "--lesskey-file", "--lesskey-src", "--lesskey-content"}

// lessPayloads: what less's +cmd options and lesskey files run.
func lessPayloads(args []Word) []payload {
	var out []payload
	for _, a := range args {
		v := a.Value
		if v == "--" {
			break
		}
		for _, k := range lessKeyOpts {
			if v == k || hasValuePrefix(v, k) || k == "-k" && strings.HasPrefix(v, "-k") {
				out = append(out, readerUnresolved("less "+k+" reads key bindings and environment (LESSOPEN) from elsewhere"))
			}
		}
		if !strings.HasPrefix(v, "+") || !a.Static() && strings.HasPrefix(v, "+") {
			if strings.HasPrefix(v, "+") {
				out = append(out, readerUnresolved("less runs a command not known statically: "+v))
			}
			continue
		}
		cmd := strings.TrimPrefix(strings.TrimPrefix(v, "+"), "+")
		switch {
		case lessMotion.MatchString(cmd):
		case strings.HasPrefix(cmd, "!"):
			out = append(out, payload{script: cmd[1:], origin: "less +!", reason: ReasonDynamicShell})
		case strings.HasPrefix(cmd, "|") && len(cmd) > 2:
			out = append(out, payload{script: cmd[2:], origin: "less +|", reason: ReasonDynamicShell})
		default:
			out = append(out, readerUnresolved("less runs the command "+v+" at start"))
		}
	}
	return out
}
