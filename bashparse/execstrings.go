package bashparse

import (
	"strings"

	"github.com/agentctl/agentctl/internal/lazyre"
)

// Everything here turns a string that some program or builtin executes into
// a payload (spec §3: "anything that runs a command is a command").

// runnerPayloads finds what builtins and programs with their own command
// syntax run: trap, su/runuser, sg, script, awk programs, git config.
func runnerPayloads(name string, args []Word) []payload {
	switch name {
	case "trap":
		return trapPayload(args)
	case "su", "runuser":
		return suPayload(name, args)
	case "sg":
		if len(args) < 2 {
			return []payload{{unresolved: true, reason: ReasonShellInput, origin: name, script: "sg starts a shell reading stdin"}}
		}
		rest := args[1:]
		if rest[0].Value == "-c" {
			rest = rest[1:]
		}
		return []payload{joined(name, rest)}
	case "newgrp":
		return []payload{{unresolved: true, reason: ReasonShellInput, origin: name, script: "newgrp starts a shell reading stdin"}}
	case "script":
		g := optGrammar{short: "ac:eE:fI:O:B:T:t::m:o:qhV", long: []string{"append", "command=", "return",
			"echo=", "flush", "force", "log-in=", "log-out=", "log-io=", "log-timing=", "timing?",
			"logging-format=", "output-limit=", "quiet", "help", "version"}, permute: true}
		sc := g.scan(args)
		var out []payload
		for _, o := range sc.values("-c", "--command") {
			out = append(out, payload{script: o.value, dynamic: o.dynamic, origin: "script -c", reason: ReasonDynamicShell})
		}
		if len(out) == 0 {
			out = append(out, payload{unresolved: true, reason: ReasonShellInput, origin: name, script: "script starts a shell reading stdin"})
		}
		return out
	case "sed", "gsed":
		var out []payload
		for _, f := range sedScriptFiles(args) {
			out = append(out, payload{unresolved: true, reason: ReasonShellInput, origin: "sed -f",
				script: "sed reads its script from " + f + ": its commands (e runs a command) are not read"})
		}
		for _, sc := range sedScripts(args) {
			for _, e := range sedScan(sc.Value).execs {
				if e == "" {
					out = append(out, payload{unresolved: true, reason: ReasonDynamicShell, origin: "sed e",
						script: "sed executes its pattern space"})
					continue
				}
				out = append(out, payload{script: e, dynamic: !sc.Static(), origin: "sed e", reason: ReasonDynamicShell})
			}
		}
		return out
	case "awk", "gawk", "mawk", "nawk", "busybox-awk":
		return awkPayloads(args)
	case "python", "python2", "python3", "perl", "ruby", "node", "nodejs", "php", "lua", "deno", "bun", "tclsh", "Rscript":
		return inlineCodePayloads(name, args)
	case "git":
		return append(append(gitSubPayloads(args), gitSynonymPayloads(args)...), gitExtPayloads(args)...)
	case "nix-shell":
		var out []payload
		for i, a := range args {
			if (a.Value == "--run" || a.Value == "--command") && i+1 < len(args) {
				out = append(out, payload{script: args[i+1].Value, dynamic: !args[i+1].Static(),
					origin: "nix-shell " + a.Value, reason: ReasonDynamicShell})
			}
		}
		return out
	case "tmux", "screen", "at", "batch", "expect", "gdb", "hyperfine", "systemd-run", "firejail", "bwrap",
		"valgrind", "sshpass", "daemonize", "run-parts", "start-stop-daemon", "numactl", "setpriv", "capsh", "nsjail", "sandbox-exec":
		return opaqueRunner(name, args)
	case "sqlite3", "ed", "ex", "vim", "vi", "nvim", "view", "gvim", "vimdiff", "rvim", "crontab", "psql", "mysql", "mariadb", "less":
		return commandReaderPayloads(name, args)
	case "cmake":
		return cmakePayloads(args)
	case "ssh":
		return sshPayloads(args)
	case "hub":
		return []payload{{argv: append([]Word{{Value: "git"}}, args...), origin: "hub"}}
	case "docker", "podman", "nerdctl", "kubectl", "oc":
		return containerPayloads(name, args)
	case "parallel":
		var parts []Word
		for _, a := range args {
			if strings.HasPrefix(a.Value, ":::") {
				break
			}
			parts = append(parts, a)
		}
		if len(parts) == 0 {
			return []payload{{unresolved: true, reason: ReasonShellInput, origin: name, script: "parallel reads commands from stdin"}}
		}
		return []payload{joined(name, parts), {unresolved: true, reason: ReasonWrapperOptions, origin: name,
			script: "parallel builds commands from its input"}}
	}
	return nil
}

// inlineCodeLetters are, per interpreter, the short options whose value is
// the program (alone or last in a cluster: perl -le, python3 -Ic).
var inlineCodeLetters = map[string]string{"python": "c", "python2": "c", "python3": "c", "perl": "eE",
	"ruby": "e", "node": "ep", "nodejs": "ep", "php": "rBRE", "lua": "e", "bun": "e", "Rscript": "e", "deno": "",
	"tclsh": ""}

// inlineCodeLongs are the long options (and deno's subcommand) whose
// value is the program.
var inlineCodeLongs = map[string]bool{"--eval": true, "--print": true, "eval": true, "--command": true}

// interpreterValueOpts take the next word as their value, never a program.
var interpreterValueOpts = map[string]bool{"-m": true, "-W": true, "-X": true, "-Q": true, "-I": true, "-M": true,
	"-r": true, "--require": true, "--import": true, "--loader": true, "-C": true, "--experimental-loader": true}

// spawnAPI matches the calls through which an inline program runs other
// programs: what such a call runs is read only when it is a string literal.
var spawnAPI = lazyre.New(`\b(system|exec[lv]?p?e?|popen|spawn(Sync)?|execSync|execFile(Sync)?|subprocess|` +
	`child_process|shell_exec|passthru|proc_open|Popen|Process|Runtime|IO\.popen|Open3|qx|pcntl_exec)\b|%x|` + "`")

// inlineCodePayloads: the string literals of an inline program (python -c,
// perl -e, node -e, ruby -e …) that read as shell commands are analysed as
// commands — os.system("rm x"), `rm x`, exec('rm x') — so deny and ask rules
// see them; a literal that does not parse as shell is only text. A program
// that calls a spawning API runs what it computes (os.system("r"+"m x")):
// that is an unresolved part too. A program read from stdin (python3 -,
// perl <<<) is not read at all: unresolved.
func inlineCodePayloads(name string, args []Word) []payload {
	var out []payload
	found, operands, info := false, 0, false
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		code, ok := "", false
		switch {
		case inlineCodeLongs[v] && i+1 < len(args):
			code, ok = args[i+1].Value, true
			i++
		case strings.HasPrefix(v, "--eval=") || strings.HasPrefix(v, "--print="):
			_, code, _ = strings.Cut(v, "=")
			ok = true
		case v == "--":
		case v == "--version" || v == "--help" || v == "-V" || v == "-h" ||
			v == "-v" && (name == "node" || name == "nodejs" || name == "perl" || name == "php"):
			// Print and exit, reading no program (python's -v is verbose,
			// ruby's -v goes on to run one).
			info = true
		case interpreterValueOpts[v] && !(len(v) == 2 && strings.IndexByte(inlineCodeLetters[name], v[1]) >= 0):
			// (php -r is the program, node -r a module to preload.)
			i++
			operands++ // a module or a library: a program not from stdin
		case len(v) > 1 && v[0] == '-' && v[1] != '-':
			if j := strings.IndexAny(v[1:], inlineCodeLetters[name]); inlineCodeLetters[name] != "" && j >= 0 {
				if w, next, found := clusterValue(args, i, j+1); found {
					code, i = w.Value, next
				}
				ok = true
			}
		case strings.HasPrefix(v, "-") && v != "-":
		default:
			if v == "-" || v == "/dev/stdin" {
				out = append(out, payload{unresolved: true, reason: ReasonShellInput, origin: name,
					script: name + " reads its program from stdin"})
			}
			operands++
		}
		if !ok {
			if operands > 0 && !found {
				break // the script file, then its own arguments
			}
			continue
		}
		found = true
		pipeOpen := false
		for _, lit := range quotedLiterals(code) {
			t := strings.TrimSpace(lit)
			if t == "" {
				continue
			}
			if t == "-|" || t == "|-" {
				pipeOpen = true // open(F, "-|", CMD…): the command follows
				continue
			}
			if c := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(t, "|"), "|")); c != t && c != "" {
				// open(F, "|rm x"), open(F, "rm x|"), Kernel#open("|rm x"):
				// a file name with a pipe at either end is a command.
				pipeOpen = true
				lit = c
			}
			out = append(out, payload{script: lit, origin: name + " inline string", reason: ReasonDynamicShell, lenient: true})
		}
		if spawnAPI.MatchString(code) || pipeOpen {
			out = append(out, payload{unresolved: true, reason: ReasonDynamicShell, origin: name,
				script: name + " inline program runs commands it may compute"})
		}
	}
	if !found && operands == 0 && !info {
		out = append(out, payload{unresolved: true, reason: ReasonShellInput, origin: name,
			script: name + " reads its program from stdin"})
	}
	return out
}

// quotedLiterals lists the text between matching quotes or backticks.
func quotedLiterals(code string) []string {
	var out []string
	for _, q := range []string{`"`, "'", "`"} {
		parts := strings.Split(code, q)
		for i := 1; i < len(parts)-1; i += 2 {
			out = append(out, parts[i])
		}
	}
	return out
}

func joined(origin string, ws []Word) payload {
	parts := make([]string, len(ws))
	dyn := false
	for i, w := range ws {
		parts[i], dyn = w.Value, dyn || !w.Static()
	}
	return payload{script: strings.Join(parts, " "), dynamic: dyn, origin: origin, reason: ReasonDynamicShell}
}

// trapPayload: `trap [--] ACTION SIG…` runs ACTION when the signal (or EXIT,
// ERR, DEBUG, RETURN) comes.
func trapPayload(args []Word) []payload {
	i := 0
	for i < len(args) && strings.HasPrefix(args[i].Value, "-") && args[i].Value != "-" {
		if args[i].Value == "--" {
			i++
			break
		}
		if args[i].Value == "-p" || args[i].Value == "-l" || args[i].Value == "-P" {
			return nil // prints, runs nothing
		}
		i++
	}
	if i >= len(args) {
		return nil
	}
	a := args[i]
	if a.Value == "-" || a.Value == "" && a.Static() {
		return nil
	}
	return []payload{{script: a.Value, dynamic: !a.Static(), origin: "trap", reason: ReasonDynamicShell}}
}

// suPayload: su and runuser run `SHELL -c CMD` for -c/--command; other
// arguments after the user go to the shell; without any, the shell reads stdin.
func suPayload(name string, args []Word) []payload {
	g := optGrammar{short: "c:fg:G:lmps:u:w:PhV", long: []string{"command=", "session-command=", "fast", "group=",
		"supp-group=", "login", "preserve-environment", "shell=", "user=", "whitelist-environment=", "pty",
		"help", "version"}, permute: true}
	sc := g.scan(args)
	var out []payload
	if sc.unsure {
		out = append(out, payload{unresolved: true, reason: ReasonWrapperOptions, origin: name,
			script: name + " options not understood"})
	}
	for _, o := range sc.values("-c", "--command", "--session-command") {
		out = append(out, payload{script: o.value, dynamic: o.dynamic, origin: name + " " + o.name, reason: ReasonDynamicShell})
	}
	ops := sc.operands
	if len(ops) > 0 && args[ops[0]].Value == "-" {
		ops = ops[1:]
	}
	if name == "runuser" && sc.has("-u", "--user") && len(ops) > 0 {
		argv := make([]Word, 0, len(ops))
		for _, i := range ops {
			argv = append(argv, args[i])
		}
		return append(out, payload{argv: argv, origin: "runuser -u"})
	}
	if len(ops) > 1 {
		shArgs := make([]Word, 0, len(ops)-1)
		for _, i := range ops[1:] {
			shArgs = append(shArgs, args[i])
		}
		out = append(out, shellPayload("sh", shells["sh"], shArgs)...)
	}
	if len(out) == 0 {
		out = append(out, payload{unresolved: true, reason: ReasonShellInput, origin: name, script: name + " starts a shell reading stdin"})
	}
	return out
}

// awkCalls finds the commands an awk program runs: system("…"),
// "…" | getline, print … | "…".
// A literal is the whole command only when nothing is concatenated to it:
// system("r" "m x") and print | "r" "m x" run "rm x".
var awkCalls = lazyre.New(`system\s*\(\s*"((?:[^"\\]|\\.)*)"\s*\)|"((?:[^"\\]|\\.)*)"\s*\|\s*getline|\|\s*"((?:[^"\\]|\\.)*)"\s*(?:$|[;}\n)])`)

// awkDynamic: what remains of system() or a pipe once the literal calls
// are taken out runs a command computed at run time.
var awkDynamic = lazyre.New(`system\s*\(|\|\s*getline|\|\s*[^\s&|]`)

func awkPayloads(args []Word) []payload {
	prog := ""
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if v == "-f" || v == "--file" {
			if i+1 < len(args) && (args[i+1].Value == "-" || args[i+1].Value == "/dev/stdin") {
				return []payload{{unresolved: true, reason: ReasonShellInput, origin: "awk",
					script: "awk reads its program from stdin"}}
			}
			return nil // a program file: readsScript in the programs table
		}
		if v == "-e" || v == "--source" {
			if i+1 < len(args) {
				prog += args[i+1].Value + "\n"
			}
			i++
			continue
		}
		if strings.HasPrefix(v, "--source=") {
			prog += strings.TrimPrefix(v, "--source=") + "\n"
			continue
		}
		if v == "-v" || v == "-F" || v == "-i" || v == "-l" || v == "--include" || v == "--load" {
			i++
			continue
		}
		if value, last, ok := awkWValue(args, i); ok {
			if !args[i].Static() || !args[last].Static() {
				return []payload{{unresolved: true, reason: ReasonDynamicShell, origin: "awk",
					script: "awk -W takes a value computed at run time"}}
			}
			if awkWExec(value) {
				return nil // a program file: awkWOptions
			}
			i = last // -W interactive: the value is not the program
			continue
		}
		if strings.HasPrefix(v, "-") && v != "-" {
			continue
		}
		if prog == "" {
			prog = v
		}
		break
	}
	var out []payload
	if strings.Contains(prog, "|&") {
		out = append(out, payload{unresolved: true, reason: ReasonDynamicShell, origin: "awk",
			script: "awk runs a coprocess (|&)"})
	}
	calls := awkCalls.FindAllStringSubmatch(prog, -1)
	for _, m := range calls {
		s := m[1] + m[2] + m[3]
		out = append(out, payload{script: strings.ReplaceAll(s, `\"`, `"`), origin: "awk", reason: ReasonDynamicShell})
	}
	stripped := strings.ReplaceAll(awkMaskLiterals(awkCalls.ReplaceAllString(prog, ";")), "||", " ")
	if awkDynamic.MatchString(stripped) {
		out = append(out, payload{unresolved: true, reason: ReasonDynamicShell, origin: "awk",
			script: "awk runs a command it computes"})
	}
	return out
}

// programVars are variables whose value is a command or a program some
// later program runs; an assignment to one is a payload (or, when the value
// is a file of code, an unresolved part).
var programVars = map[string]bool{
	"GIT_PAGER": true, "PAGER": true, "GIT_EDITOR": true, "EDITOR": true, "VISUAL": true, "GIT_SSH_COMMAND": true,
	"GIT_SSH": true, "GIT_ASKPASS": true, "SSH_ASKPASS": true, "GIT_EXTERNAL_DIFF": true, "GIT_SEQUENCE_EDITOR": true,
	"LESSOPEN": true, "LESSCLOSE": true, "BROWSER": true, "PROMPT_COMMAND": true, "MANPAGER": true,
	"GIT_PROXY_COMMAND": true, "RSYNC_RSH": true, "FCEDIT": true, "SUDO_ASKPASS": true,
}

// ProgramVar reports whether a variable's value names a program or a file
// of code that later commands run (GIT_PAGER, EDITOR, BASH_ENV, GIT_CONFIG_*,
// LD_PRELOAD …): the exec-time check passes such variables to the policy
// as leading assignments.
func ProgramVar(name string) bool {
	return programVars[name] || codeVars[name] && name != "PATH" && name != "CDPATH" ||
		strings.HasPrefix(name, "GIT_CONFIG_")
}

// codeVars name files of code or search paths that make a later command
// run something else: never analysable statically.
var codeVars = map[string]bool{
	"BASH_ENV": true, "ENV": true, "LD_PRELOAD": true, "LD_LIBRARY_PATH": true, "LD_AUDIT": true,
	"GIT_EXEC_PATH": true, "GIT_CONFIG_GLOBAL": true, "GIT_CONFIG_SYSTEM": true, "GIT_CONFIG": true,
	"GIT_CONFIG_PARAMETERS": true, "GIT_CONFIG_COUNT": true, "GIT_DIR": true, "GIT_TEMPLATE_DIR": true,
	"PATH": true, "PERL5OPT": true, "PERL5LIB": true, "PYTHONSTARTUP": true, "PYTHONPATH": true, "NODE_OPTIONS": true,
	"RUSTC_WRAPPER": true, "RUBYOPT": true, "PS4": true, "BASH_FUNC": true, "SHELLOPTS": true, "BASHOPTS": true,
	"CDPATH": true, "VIMINIT": true, "EXINIT": true, "GVIMINIT": true,
	// BASH_CMDS[ls]=/bin/rm is hash -p; BASH_ALIASES[ls]='rm x' an alias.
	"BASH_CMDS": true, "BASH_ALIASES": true,
	// A $"…" string is looked up in the message catalog these two name
	// (TEXTDOMAINDIR/<locale>/LC_MESSAGES/TEXTDOMAIN.mo) and the
	// translation is expanded again as a "…" string: a catalog in the
	// project translating "hi" to "$(rm y)" makes echo $"hi" run rm y.
	"TEXTDOMAIN": true, "TEXTDOMAINDIR": true,
}

// assignPayloads turns assignments to program-naming variables into
// payloads; GIT_CONFIG_KEY_n/VALUE_n pairs are read as git -c.
func assignPayloads(as []Assign) []payload {
	var out []payload
	keys := map[string]string{}
	for _, a := range as {
		switch {
		case programVars[a.Name]:
			out = append(out, payload{script: a.Value, dynamic: a.Dynamic, origin: a.Name + "=", reason: ReasonDynamicShell})
		case codeVars[a.Name] || strings.HasPrefix(a.Name, "BASH_FUNC_"):
			out = append(out, payload{unresolved: true, reason: ReasonProgramConfig, origin: a.Name + "=",
				script: a.Name + " changes which code later commands run"})
			if body, ok := strings.CutPrefix(a.Value, "()"); ok && strings.HasPrefix(a.Name, "BASH_FUNC_") {
				// An exported function (env 'BASH_FUNC_f%%=() { …; }'): a
				// later bash defines f from it; deny rules see its body.
				out = append(out, payload{script: "f()" + body, dynamic: a.Dynamic, origin: a.Name + "=",
					reason: ReasonDynamicShell, lenient: true})
			}
		case strings.HasPrefix(a.Name, "GIT_CONFIG_KEY_"):
			keys[strings.TrimPrefix(a.Name, "GIT_CONFIG_KEY_")] = a.Value
		}
	}
	for _, a := range as {
		if n, ok := strings.CutPrefix(a.Name, "GIT_CONFIG_VALUE_"); ok {
			if k, ok := keys[n]; ok {
				out = append(out, gitConfigPayloads(k, a.Value, a.Dynamic)...)
			}
		}
	}
	return out
}

// subscriptSubst finds array subscripts holding a command substitution in a
// string the shell does not expand now but may evaluate arithmetically later
// (let, (( )), [[ -v ]], printf -v, read, declare -i, unset): bash runs
// a[$(cmd)] there. The substitutions are returned as scripts to analyse.
func subscriptSubst(s string) []string {
	if !strings.Contains(s, "[") || !strings.ContainsAny(s, "$`") {
		return nil
	}
	i := strings.IndexByte(s, '[')
	j := strings.LastIndexByte(s, ']')
	if j <= i {
		j = len(s)
	}
	inner := s[i+1 : j]
	if strings.Contains(inner, "$(") || strings.Contains(inner, "`") || strings.Contains(inner, "${") {
		return []string{": " + inner}
	}
	return nil
}

// opaqueRunners are programs that run a command or shell string given in
// a grammar agentctl does not read (tmux new 'CMD', screen -dm CMD, at's
// stdin, expect and gdb scripts, hyperfine's benchmarks, sandboxes):
// whatever they run is an unresolved part. Their read-only uses run
// nothing.
var opaqueReadOnly = map[string]map[string]bool{
	"tmux":      {"ls": true, "list-sessions": true, "list-windows": true, "lsw": true, "list-panes": true, "lsp": true, "capture-pane": true, "capturep": true, "has-session": true, "has": true, "kill-session": true, "kill-server": true, "attach": true, "attach-session": true, "a": true, "detach": true, "-V": true},
	"screen":    {"-ls": true, "-list": true, "-r": true, "-x": true, "-R": true, "-v": true, "-version": true},
	"at":        {"-l": true, "-r": true, "-d": true, "-c": true},
	"gdb":       {"--version": true, "-v": true},
	"run-parts": {"--test": true, "--list": true, "--version": true, "--help": true},
	"valgrind":  {"--version": true},
	"numactl":   {"-H": true, "--hardware": true, "-s": true, "--show": true},
	"hyperfine": {"--version": true, "--help": true},
}

func opaqueRunner(name string, args []Word) []payload {
	if len(args) == 0 && name != "at" && name != "batch" && name != "expect" {
		return nil
	}
	// Only the first word says what the program does (tmux ls, screen -ls,
	// at -l): the same word later is an argument of what it runs.
	if len(args) > 0 && opaqueReadOnly[name][args[0].Value] {
		return nil
	}
	return []payload{{unresolved: true, reason: ReasonShellInput, origin: name,
		script: name + " runs a command or script agentctl does not read"}}
}
