//go:build unix

package engine_test

import (
	"strconv"
	"strings"
)

// This file is the grammar half of the differential deny test: it turns a
// byte string into a Bash command that hides a denied command (`rm victim`,
// `touch pwned`) or a read of the denied file `.env` inside up to three
// layers of wrappers, options, substitutions and quoting tricks. The oracle
// half (differential_test.go) runs the command under real bash to learn
// whether the hidden payload really ran.
//
// The grammar only says how to build strings that *might* run the payload;
// whether they do is never assumed here. A production that bash or the
// wrapped program rejects simply yields a command that runs nothing, which
// the property ignores. That keeps the grammar free to be generous.

// maxWrapDepth bounds the nesting of wrappers around the payload.
const maxWrapDepth = 3

// choices turns the fuzzer's bytes into the generator's decisions. Once the
// bytes run out every choice is 0, so any input, even an empty one, yields a
// finite, well-formed command; mutating a byte changes one decision.
type choices struct {
	b []byte
	i int
}

// n returns a choice in [0, k).
func (c *choices) n(k int) int {
	if c.i >= len(c.b) || k <= 1 {
		return 0
	}
	v := int(c.b[c.i]) % k
	c.i++
	return v
}

// pick returns one of xs.
func pick[T any](c *choices, xs []T) T { return xs[c.n(len(xs))] }

// frag is a piece of generated shell source.
type frag struct {
	// src is the fragment as shell source.
	src string
	// argv is set when src is one external command, as its words in shell
	// source; wrappers that exec an argv (env, timeout, xargs, find -exec …)
	// put their own words in front of it. Builtins, keywords and compound
	// commands leave it nil: such a fragment reaches an exec wrapper only
	// through `bash -c`/`sh -c`.
	argv []string
	// redir holds the redirections of a simple command (`< .env`); they stay
	// after any wrapper words, so the wrapper passes the descriptor on.
	redir string
	// label names the productions used, outermost first, for reports.
	label []string
	// inner is the fragment this one wraps (nil for a payload), so a report
	// can shrink a finding to its smallest still-failing layer.
	inner *frag
}

// command builds an argv fragment.
func command(label string, redir string, words ...string) frag {
	src := strings.Join(words, " ")
	if redir != "" {
		src += " " + redir
	}
	return frag{src: src, argv: words, redir: redir, label: []string{label}}
}

// shell builds a fragment that only the shell itself can run.
func shell(label, src string) frag { return frag{src: src, label: []string{label}} }

// under records that the wrapper named label encloses in.
func (f frag) under(label string, in frag) frag {
	f.label = append([]string{label}, in.label...)
	f.inner = &in
	return f
}

// layers lists f and the fragments inside it, innermost (the payload) first.
func (f frag) layers() []frag {
	var out []frag
	for p := &f; p != nil; p = p.inner {
		out = append([]frag{*p}, out...)
	}
	return out
}

// Label is the production chain, outermost wrapper first.
func (f frag) Label() string { return strings.Join(f.label, " > ") }

// Quoting. Each turns an arbitrary string into one shell word that expands
// back to it; choosing among them exercises the engine's unquoting.

func squote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

var dquoter = strings.NewReplacer(`\`, `\\`, `"`, `\"`, `$`, `\$`, "`", "\\`")

func dquote(s string) string { return `"` + dquoter.Replace(s) + `"` }

var ansiQuoter = strings.NewReplacer(`\`, `\\`, `'`, `\'`)

func ansiQuote(s string) string { return "$'" + ansiQuoter.Replace(s) + "'" }

// quote picks a quoting style for a script handed to another interpreter.
func quote(c *choices, s string) string {
	return pick(c, []func(string) string{squote, squote, dquote, ansiQuote})(s)
}

// backquote escapes s for the inside of a `…` substitution, where a
// backslash keeps its meaning only before $, ` and \.
func backquote(s string) string {
	return "`" + strings.NewReplacer(`\`, `\\`, "`", "\\`").Replace(s) + "`"
}

// execable returns in when it is one external command, or else an
// interpreter running its source: what an exec wrapper can run. The
// interpreter is a layer of its own, so a report can blame it.
func execable(c *choices, in frag) frag {
	if in.argv != nil {
		return in
	}
	sh := pick(c, []string{"bash -c", "sh -c", "bash -c --"})
	return command("bash -c", "", append(strings.Fields(sh), quote(c, in.src))...).under("bash -c", in)
}

// splice spells a form as words: the constant words of form, with the word
// "%" replaced by words and any other "%" inside a word by one. An "@" in a
// form becomes a number unique to the layer (the depth of what it wraps):
// nested flocks on one lock file would wait for each other forever.
func splice(form string, in frag, words []string, one string) []string {
	var out []string
	form = strings.ReplaceAll(form, "@", strconv.Itoa(len(in.label)))
	for _, w := range strings.Fields(form) {
		if w == "%" && words != nil {
			out = append(out, words...)
			continue
		}
		out = append(out, strings.ReplaceAll(w, "%", one))
	}
	return out
}

// form returns a function that puts its argument in place of the "%" in f.
func form(f string) func(string) string {
	return func(x string) string { return strings.ReplaceAll(f, "%", x) }
}

// wrapper is one production that encloses a fragment.
type wrapper struct {
	name string
	// needs names a program that must be installed for the production to
	// mean anything (sudo, busybox, su, chroot are often missing).
	needs string
	wrap  func(c *choices, in frag) frag
}

// execWrapper is a program that runs the words after "%" in one of forms as
// a command (its operands, or the "%" inside a word as one -S-style string).
func execWrapper(name, needs string, forms ...string) wrapper {
	return wrapper{name: name, needs: needs, wrap: func(c *choices, in frag) frag {
		in = execable(c, in)
		words, redir := in.argv, in.redir
		f := pick(c, forms)
		if !strings.Contains(f, "%") {
			f += " %"
		}
		return command(name, redir, splice(f, in, words, "")...).under(name, in)
	}}
}

// scriptCommand is an external program that runs a string as shell code;
// "%" in forms stands for the quoted script. Its result is itself an argv,
// so exec wrappers can stack on it.
func scriptCommand(name, needs string, forms ...string) wrapper {
	return wrapper{name: name, needs: needs, wrap: func(c *choices, in frag) frag {
		return command(name, "", splice(pick(c, forms), in, nil, quote(c, in.src))...).under(name, in)
	}}
}

// scriptWrapper is a shell construct that runs a string as shell code; "%"
// in forms stands for the quoted script.
func scriptWrapper(name string, forms ...string) wrapper {
	return wrapper{name: name, wrap: func(c *choices, in frag) frag {
		return shell(name, form(pick(c, forms))(quote(c, in.src))).under(name, in)
	}}
}

// subscript is a builtin that evaluates an array subscript arithmetically,
// and so runs the $(…) inside it; "%" in forms stands for the quoted
// `a[$(…)]` word (plus assign).
func subscript(name string, assign string, forms ...string) wrapper {
	return wrapper{name: name, wrap: func(c *choices, in frag) frag {
		w := pick(c, []func(string) string{squote, dquote})("a[$(" + in.src + ")]" + assign)
		return shell(name, form(pick(c, forms))(w)).under(name, in)
	}}
}

// around is a construct that encloses the source as shell code, unquoted.
func around(name string, forms ...string) wrapper {
	return wrapper{name: name, wrap: func(c *choices, in frag) frag {
		return shell(name, form(pick(c, forms))(in.src)).under(name, in)
	}}
}

// wrappers is the grammar's set of enclosing productions.
var wrappers = []wrapper{
	execWrapper("env", "env", "env", "env --", `env -i PATH="$PATH"`, "env -i", "env -u HOME", "env A=1", "env -C .", "env -0"),
	{name: "env -S", needs: "env", wrap: func(c *choices, in frag) frag {
		// -S splits one string into the command: the payload is inside an
		// option value, attached or not.
		in = execable(c, in)
		words, redir := in.argv, in.redir
		script := squote(strings.Join(words, " "))
		f := pick(c, []string{"env -S%", "env -S %", "env --split-string=%", "env --split-string %", "env -vS%", "env -iS%", "env -u X -S%"})
		return command("env -S", redir, splice(f, in, nil, script)...).under("env -S", in)
	}},
	execWrapper("sudo", "sudo", "sudo", "sudo -u root", "sudo -E", "sudo --", "sudo -n -u#0"),
	execWrapper("timeout", "timeout", "timeout 5", "timeout -s KILL 5", "timeout --signal=TERM 5", "timeout -k1 5", "timeout --foreground 5s", "timeout -v 5"),
	execWrapper("nice", "nice", "nice", "nice -n 1", "nice -n1", "nice -1", "nice --adjustment=1"),
	execWrapper("nohup", "nohup", "nohup"),
	execWrapper("stdbuf", "stdbuf", "stdbuf -o0", "stdbuf -oL -eL", "stdbuf --output=0", "stdbuf -i0 -o0"),
	{name: "xargs", needs: "xargs", wrap: func(c *choices, in frag) frag {
		in = execable(c, in)
		words, redir := in.argv, in.redir
		// Options with an optional attached value (-i, -e, -l) and values
		// attached or separate: where a naive reader loses the payload.
		opts := pick(c, []string{"", "-0", "-n1", "-n 1", "-L1", "-L 1", "-l", "-l1", "-i", "-i{}", "-I{}",
			"-I {}", "-e", "-eEOF", "-E EOF", "-t", "-P1", "-s 4096", "-r", "--max-args=1", "--no-run-if-empty",
			"-d,", "-x -n1", "--verbose", "-a /dev/null", "--arg-file=/dev/null", "-r -i", "-t -l"})
		x := strings.Join(append(append([]string{"xargs"}, strings.Fields(opts)...), words...), " ")
		if redir != "" {
			x += " " + redir
		}
		// xargs runs nothing in replace mode without input, so most feeds
		// give it a line; the appended "x" only adds an operand.
		feed := pick(c, []string{"echo x | %", "printf 'x\\n' | %", "% <<< x", ": | %", "% < /dev/null"})
		return shell("xargs", form(feed)(x)).under("xargs", in)
	}},
	execWrapper("flock", "flock", "flock lk@", "flock -w 1 lk@", "flock -o lk@", "flock -n lk@", "flock -s lk@"),
	scriptCommand("flock -c", "flock", "flock lk@ -c %", "flock lk@ --command %", "flock -x lk@ -c %", "flock -w1 lk@ -c %"),
	execWrapper("setsid", "setsid", "setsid -w", "setsid --wait"),
	execWrapper("chrt", "chrt", "chrt -o 0", "chrt --other 0", "chrt -b 0", "chrt -i 0"),
	execWrapper("taskset", "taskset", "taskset 1", "taskset -c 0", "taskset 0x1", "taskset --cpu-list 0"),
	execWrapper("find -exec", "find", `find . -maxdepth 0 -exec % \;`, "find . -maxdepth 0 -exec % ';'",
		`find . -maxdepth 0 -execdir % \;`, "find . -maxdepth 0 -exec % {} +", `find -maxdepth 0 -exec % \;`,
		`find . -maxdepth 1 -name victim -exec % \;`),
	execWrapper("busybox", "busybox", "busybox"),
	// chroot moves to the new root's / unless told not to; a payload like
	// grep -r would then read the whole file system.
	execWrapper("chroot", "chroot", "chroot --skip-chdir /", "chroot --userspec=0:0 --skip-chdir /"),
	scriptCommand("bash -c", "", "bash -c %", "bash -c -- %", "sh -c %", "sh -ec %", "bash -ec %", "bash -xc %",
		"bash -c % x", "bash --norc -c %", "bash -o errexit -c %", "sh -c -- %"),
	scriptCommand("su -c", "su", "su -c %", "su root -c %", "su -s /bin/sh -c %"),
	{name: "git -c alias", needs: "git", wrap: func(c *choices, in frag) frag {
		f := pick(c, []string{"git -c alias.x=% x", "git -C . -c alias.x=% x", "git -c alias.x=% -c alias.y=x y"})
		return command("git -c alias", "", splice(f, in, nil, quote(c, "!"+in.src))...).under("git -c alias", in)
	}},
	// core.pager runs only when stdout is a terminal, which the oracle's is
	// not, so program-naming git config is exercised through core.sshCommand
	// and GIT_SSH_COMMAND, which run without one. Git appends the host and
	// remote command as arguments, hence the "; :".
	{name: "git -c core.sshCommand", needs: "git", wrap: func(c *choices, in frag) frag {
		q := quote(c, in.src+"; :")
		f := pick(c, []string{"git -c core.sshCommand=% ls-remote ssh://h/r", "git -c core.sshcommand=% clone -q ssh://h/r d"})
		return command("git -c core.sshCommand", "", splice(f, in, nil, q)...).under("git -c core.sshCommand", in)
	}},
	{name: "GIT_SSH_COMMAND", needs: "git", wrap: func(c *choices, in frag) frag {
		return shell("GIT_SSH_COMMAND", "GIT_SSH_COMMAND="+quote(c, in.src+"; :")+" git ls-remote ssh://h/r").under("GIT_SSH_COMMAND", in)
	}},
	{name: "command", wrap: func(c *choices, in frag) frag {
		if in.argv == nil {
			return shell("command", pick(c, []string{"command eval ", "command -- eval "})+quote(c, in.src)).under("command", in)
		}
		return shell("command", pick(c, []string{"command ", "command -p ", "command -- "})+in.src).under("command", in)
	}},
	{name: "builtin", wrap: func(c *choices, in frag) frag {
		if in.argv == nil || c.n(2) == 0 {
			return shell("builtin", "builtin eval "+quote(c, in.src)).under("builtin", in)
		}
		return shell("builtin", "builtin command "+in.src).under("builtin", in)
	}},
	{name: "exec", wrap: func(c *choices, in frag) frag {
		in = execable(c, in)
		words, redir := in.argv, in.redir
		x := strings.Join(append([]string{"exec"}, words...), " ")
		if redir != "" {
			x += " " + redir
		}
		return shell("exec", form(pick(c, []string{"(%)", "%", "( % )"}))(x)).under("exec", in)
	}},
	{name: "hash -p", wrap: func(c *choices, in frag) frag {
		// The hash table maps a new name to a program's path: the payload
		// runs as `x`, through the real program (seen by its effects).
		in = execable(c, in)
		x := strings.Join(append([]string{"x"}, in.argv[1:]...), " ")
		if in.redir != "" {
			x += " " + in.redir
		}
		return shell("hash -p", "hash -p /bin/"+in.argv[0]+" x; "+x).under("hash -p", in)
	}},
	around("time", "time %", "time -p %", "time { %; }"),
	scriptWrapper("eval", "eval %", "eval -- %", "builtin eval %", `eval "$(echo %)"`),
	scriptWrapper("trap", "trap % EXIT", "trap -- % EXIT", "trap % 0", "trap % ERR; false"),
	subscript("let", "=1", "let %", "let -- %"),
	subscript("printf -v", "", "printf -v % x", "printf -v % -- x"),
	subscript("read", "", "read % <<< 1", "read -r % <<< 1", "echo 1 | { read %; }"),
	subscript("[[ -v ]]", "", "[[ -v % ]]", "test -v %", "[ -v % ]"),
	subscript("declare", "=1", "declare %", "typeset %"),
	around("$( )", "$(%)", ": $(%)", `echo "$(%)"`, "x=$(%)", ": $( % )"),
	{name: "backticks", wrap: func(c *choices, in frag) frag {
		return shell("backticks", form(pick(c, []string{"%", ": %", "x=%"}))(backquote(in.src))).under("backticks", in)
	}},
	around("group", "{ %; }", "( % )", "(%)"),
	around("list", "true && %", "false || %", "%; true", ": ; %", "% & wait", "! %",
		"true | %", "% | true", "% |& true", "%\ntrue"),
	around("control", "if true; then %; fi", "for i in 1; do %; done", "case x in x) %;; esac",
		"while true; do %; break; done", "until %; do break; done", "if false; then :; else %; fi"),
	around("function", "f() { %; }; f", "function f { %; }; f", "f() ( % ); f", "function f() { %; }\nf"),
}

// payload is the innermost production: a denied command or a read of the
// denied file.
func payload(c *choices) frag {
	// Disguises of a command name that bash still runs as that name.
	name := func(n string) string {
		return pick(c, []string{n, n, n[:1] + "''" + n[1:], `\` + n, `"` + n[:1] + `"` + n[1:],
			"'" + n + "'", n[:1] + `\` + n[1:], ansiHex(n)})
	}
	// Disguises of `.env` that bash still resolves to it (or, for globs,
	// may resolve to it), and spellings in other letter cases: the same
	// file on a case-insensitive file system, denied by Read(.env) too.
	path := func() string {
		return pick(c, []string{".env", ".env", "./.env", "'.env'", `".env"`, ".e''nv", `\.env`, "$'.env'",
			`$'\x2eenv'`, ".en?", ".e[n]v", ".env*", "~+/.env", `"$PWD"/.env`, "$PWD/.env", "../proj/.env",
			".ENV", ".Env", ".E*", ".eN?", `"$PWD"/.ENV`, "../PROJ/.env"})
	}
	// simple is one command: a disguised name, then constant arguments.
	simple := func(label, redir, n string, args ...string) frag {
		words := []string{name(n)}
		for _, a := range args {
			words = append(words, strings.Fields(a)...)
		}
		return command(label, redir, words...)
	}
	switch c.n(8) {
	case 0, 1:
		return simple("rm", "", "rm", pick(c, []string{"victim", "victim", "-f victim", "-- victim", "-rf victim", "'victim'"}))
	case 2:
		return simple("touch", "", "touch", pick(c, []string{"pwned", "pwned", "'pwned'", `p""wned`, `\pwned`}))
	case 3:
		r := pick(c, []string{"cat", "rev", "tail"})
		return simple(r, "", r, path())
	case 4:
		return simple("sed", "", "sed", pick(c, []string{"-n p", "-n -e p", "--quiet p", "-ne p", "''"}), path())
	case 5:
		return simple("cp", "", "cp", pick(c, []string{"", "--", "-f"}), path(), "out")
	case 6:
		return simple("grep -r", "", "grep", pick(c, []string{"-r SECRET .", "-r SECRET", "-R SECRET .",
			"--recursive SECRET ./", "-rh SECRET .", "-r -e SECRET .", "-rn SECRET .", "-r SECRET ."}))
	default:
		r := pick(c, []string{"head", "cat", "rev"})
		return simple(r+" <", pick(c, []string{"< ", "<", "0< ", "0<"})+path(), r)
	}
}

// ansiHex spells a name as $'\xNN…' with its first letter in hex.
func ansiHex(n string) string {
	const hex = "0123456789abcdef"
	return `$'\x` + string(hex[n[0]>>4]) + string(hex[n[0]&15]) + n[1:] + "'"
}

// generator builds commands from the grammar, using only the productions
// whose programs are installed.
type generator struct {
	have func(program string) bool
}

// newGenerator returns a generator that uses a production only when have
// reports its program installed.
func newGenerator(have func(program string) bool) *generator {
	return &generator{have: have}
}

// command builds the command that data spells: a nesting depth, then the
// wrappers from the outside in, then the payload.
func (g *generator) command(data []byte) frag {
	c := &choices{b: data}
	return g.wrap(c, c.n(maxWrapDepth+1))
}

func (g *generator) wrap(c *choices, depth int) frag {
	if depth == 0 {
		return payload(c)
	}
	// A choice indexes the whole table and moves on to the next installed
	// production, so the same bytes spell the same command on every machine
	// that has the programs it names.
	i := c.n(len(wrappers))
	for wrappers[i].needs != "" && !g.have(wrappers[i].needs) {
		i = (i + 1) % len(wrappers)
	}
	return wrappers[i].wrap(c, g.wrap(c, depth-1))
}
