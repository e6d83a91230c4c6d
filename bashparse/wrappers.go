package bashparse

import (
	"path"
	"strings"
)

// SafeVars are the variables an allow rule may match past when they lead a
// command (spec §3). Everything else (PATH, LD_PRELOAD, GIT_*, IFS, …) makes
// the command need a rule that includes the assignment.
var SafeVars = map[string]bool{
	"NODE_ENV": true, "CI": true, "LANG": true, "LANGUAGE": true, "LC_ALL": true, "LC_CTYPE": true,
	"LC_MESSAGES": true, "TZ": true, "TERM": true, "NO_COLOR": true, "FORCE_COLOR": true,
	"COLUMNS": true, "LINES": true, "RUST_BACKTRACE": true, "RUST_LOG": true, "PYTHONUNBUFFERED": true,
	"PYTHONDONTWRITEBYTECODE": true, "GOOS": true, "GOARCH": true,
}

// wrapper is a command that runs another command given as its operands,
// read with its real option grammar.
type wrapper struct {
	g optGrammar
	// positional is how many operands the wrapper takes before the command
	// (timeout DURATION, flock FILE, chroot DIR, chrt PRIO, taskset MASK).
	positional int
	// exec marks wrappers only an exact rule may approve.
	exec bool
	// narrow: allow rules see through it too (spec §3's stripped list).
	narrow bool
	// script: options whose value is a shell script run by sh -c.
	script []string
	// split: options whose value is split into more arguments (env -S).
	split []string
	// chdir: options that run the command in another directory or root.
	chdir []string
	// writes, reads: options whose value is a file the wrapper opens.
	writes, reads []string
	// noCommand: options with which the wrapper runs no command.
	noCommand []string
	// assigns: NAME=VALUE words may precede the command (env, sudo).
	assigns bool
	// joinScript: the command words are joined and run by sh -c (watch),
	// unless one of joinOff is given.
	joinScript bool
	joinOff    []string
	// flockStyle: after the positional operand, "-c SCRIPT" runs a script.
	flockStyle bool
	// changesDir: the command always runs elsewhere (chroot).
	changesDir bool
	// shellIfNone: with no command, an interactive shell reads stdin.
	shellIfNone bool
}

// wrappers is the table of command runners, from each program's own option
// parser (getopt strings of coreutils, util-linux, procps, sudo, findutils).
var wrappers = map[string]wrapper{
	"timeout": {g: optGrammar{short: "k:s:fpv", long: []string{"foreground", "kill-after=", "preserve-status",
		"signal=", "verbose", "help", "version"}}, positional: 1, narrow: true},
	"time": {g: optGrammar{short: "af:o:pqvV", long: []string{"append", "format=", "output=", "portability",
		"quiet", "verbose", "help", "version"}}, writes: []string{"-o", "--output"}, narrow: true},
	"nice":    {g: optGrammar{short: "n:", long: []string{"adjustment=", "help", "version"}, numeric: true}, narrow: true},
	"nohup":   {g: optGrammar{long: []string{"help", "version"}}, narrow: true},
	"stdbuf":  {g: optGrammar{short: "i:o:e:", long: []string{"input=", "output=", "error=", "help", "version"}}, narrow: true},
	"command": {g: optGrammar{short: "pvV"}, noCommand: []string{"-v", "-V"}, narrow: true},
	"builtin": {narrow: true},
	"noglob":  {narrow: true},
	"exec":    {g: optGrammar{short: "cla:"}},
	"env": {g: optGrammar{short: "a:C:iS:u:v0", long: []string{"argv0=", "chdir=", "debug", "default-signal?",
		"ignore-environment", "ignore-signal?", "block-signal?", "list-signal-handling", "null", "split-string=",
		"unset=", "help", "version"}},
		split: []string{"-S", "--split-string"}, chdir: []string{"-C", "--chdir"}, assigns: true},
	"sudo": {g: optGrammar{short: "Aa:BbC:c:D:Eeg:Hh::iKklNnPp:R:r:SsT:t:U:u:Vv", long: []string{"askpass",
		"auth-type=", "background", "bell", "close-from=", "chdir=", "preserve-env?", "edit", "group=", "set-home",
		"help", "host=", "login", "remove-timestamp", "reset-timestamp", "list", "non-interactive",
		"preserve-groups", "prompt=", "chroot=", "role=", "stdin", "shell", "type=", "command-timeout=",
		"other-user=", "user=", "version", "validate"}},
		chdir: []string{"-D", "--chdir", "-R", "--chroot"}, assigns: true, shellIfNone: true},
	"doas": {g: optGrammar{short: "a:C:Lnsu:"}, noCommand: []string{"-C", "-L"}, assigns: true},
	"watch": {g: optGrammar{short: "bced::ghn:pq:rtwvx", long: []string{"beep", "color", "no-color", "chgexit",
		"differences?", "errexit", "equexit=", "exec", "follow?", "help", "interval=", "no-rerun", "no-title",
		"no-wrap", "precise", "shotsdir=", "version"}}, exec: true, joinScript: true, joinOff: []string{"-x", "--exec"}},
	"ionice": {g: optGrammar{short: "c:n:p:P:tu:Vh", long: []string{"class=", "classdata=", "pid=", "pgid=",
		"ignore", "uid=", "version", "help"}}, exec: true, noCommand: []string{"-p", "-P", "-u", "--pid", "--pgid", "--uid"}},
	"setsid": {g: optGrammar{short: "cfwVh", long: []string{"ctty", "fork", "wait", "help", "version"}}, exec: true},
	"flock": {g: optGrammar{short: "sexnoFuw:E:c:hV", long: []string{"shared", "exclusive", "unlock", "nonblock",
		"nb", "close", "no-fork", "timeout=", "wait=", "conflict-exit-code=", "command=", "verbose", "help",
		"version"}}, positional: 1, exec: true, flockStyle: true, script: []string{"-c", "--command"}},
	"xargs": {g: optGrammar{short: "0a:E:e::I:i::L:l::n:oP:prs:txd:", long: []string{"null", "arg-file=",
		"delimiter=", "eof?", "replace?", "max-lines?", "max-args=", "max-procs=", "max-chars=", "interactive",
		"no-run-if-empty", "verbose", "exit", "show-limits", "process-slot-var=", "open-tty", "help", "version"}},
		reads: []string{"-a", "--arg-file"}},
	"chrt": {g: optGrammar{short: "abdefiormRvpT:P:D:hV", long: []string{"all-tasks", "batch", "deadline", "ext",
		"fifo", "idle", "other", "rr", "reset-on-fork", "sched-runtime=", "sched-period=", "sched-deadline=",
		"pid", "max", "verbose", "help", "version"}}, positional: 1, exec: true,
		noCommand: []string{"-p", "--pid", "-m", "--max"}},
	"taskset": {g: optGrammar{short: "acphV", long: []string{"all-tasks", "cpu-list", "pid", "help", "version"}},
		positional: 1, exec: true, noCommand: []string{"-p", "--pid"}},
	"unshare": {g: optGrammar{short: "fhVmuinpCTUrR:w:S:G:cl:", long: []string{"mount?", "uts?", "ipc?", "net?",
		"pid?", "user?", "cgroup?", "time?", "fork", "kill-child?", "mount-proc?", "mount-binfmt?", "map-user=",
		"map-users=", "map-group=", "map-groups=", "map-root-user", "map-current-user", "map-auto",
		"propagation=", "setgroups=", "keep-caps", "setuid=", "setgid=", "root=", "wd=", "monotonic=",
		"boottime=", "load-interp=", "help", "version"}}, exec: true, chdir: []string{"-R", "--root", "-w", "--wd"},
		shellIfNone: true},
	"nsenter": {g: optGrammar{short: "ahVt:m::u::i::n::p::C::U::T::S:G:r::w::W::FZ", long: []string{"all",
		"target=", "mount?", "uts?", "ipc?", "net?", "pid?", "cgroup?", "user?", "time?", "setuid=", "setgid=",
		"preserve-credentials", "root?", "wd?", "wdns=", "env", "no-fork", "follow-context", "join-cgroup",
		"user-parent", "help", "version"}}, exec: true, chdir: []string{"-r", "--root", "-w", "--wd"}, shellIfNone: true},
	"chroot": {g: optGrammar{long: []string{"groups=", "userspec=", "skip-chdir", "help", "version"}},
		positional: 1, exec: true, changesDir: true, shellIfNone: true},
	"busybox":    {},
	"toybox":     {},
	"unbuffer":   {g: optGrammar{short: "p"}},
	"caffeinate": {g: optGrammar{short: "dimsut:w:"}},
	"fakeroot": {g: optGrammar{short: "l:s:i:ub:hv", long: []string{"lib=", "faked=", "unknown-is-real", "help",
		"version"}}},
	"proxychains":      {g: optGrammar{short: "qf:"}},
	"proxychains4":     {g: optGrammar{short: "qf:"}},
	"dbus-run-session": {g: optGrammar{long: []string{"config-file=", "dbus-daemon=", "help", "version"}}},
	"strace": {g: optGrammar{short: "a:Ab:cCdDe:E:fFhiI:kno:O:p:P:qrs:S:tTu:U:vVwxX:yYzZ", long: []string{
		"output=", "trace=", "signal=", "summary-only", "follow-forks", "string-limit=", "user=", "env=",
		"attach=", "decode-fds?", "quiet?", "help", "version"}}, writes: []string{"-o", "--output"}},
	"ltrace": {g: optGrammar{short: "a:A:bcCDe:E:fF:hiI:l:L:n:o:p:rs:Stu:Vw:x:", long: []string{"align=",
		"config=", "demangle", "debug=", "indent=", "library=", "output=", "help", "version", "where="}},
		writes: []string{"-o", "--output"}},
	// Programs that run the command after their options, from each one's
	// own option parser (moreutils, util-linux, glibc, nocache, rlwrap …).
	"chronic":   {g: optGrammar{short: "ev"}, exec: true},
	"ifne":      {g: optGrammar{short: "n"}, exec: true},
	"nocache":   {g: optGrammar{short: "n:D:"}, exec: true},
	"eatmydata": {exec: true},
	"catchsegv": {exec: true},
	"torsocks": {g: optGrammar{short: "idu:p:a:P:T", long: []string{"isolate", "address=", "port=", "user=",
		"pass=", "help", "version", "debug"}}, exec: true},
	"pkexec":   {g: optGrammar{long: []string{"user=", "disable-internal-agent", "keep-cwd", "help", "version"}}, exec: true},
	"setarch":  {g: optGrammar{short: "vRFZLXBIST3", long: []string{"verbose", "addr-no-randomize", "fdpic-funcptrs", "mmap-page-zero", "addr-compat-layout", "read-implies-exec", "32bit", "short-inode", "whole-seconds", "sticky-timeouts", "3gb", "uname-2.6", "list", "help", "version"}}, positional: 1, exec: true},
	"linux32":  {g: optGrammar{short: "vRFZLXBIST3"}, exec: true},
	"linux64":  {g: optGrammar{short: "vRFZLXBIST3"}, exec: true},
	"faketime": {g: optGrammar{short: "mf"}, positional: 1, exec: true},
	"runcon":   {g: optGrammar{short: "cu:r:t:l:", long: []string{"compute", "user=", "role=", "type=", "range=", "help", "version"}}, exec: true},
	"rlwrap":   {g: optGrammar{short: "a::b:cC:d::D:e:f:g:hH:iI:l:nm::M:N:o:O:p::P:q:rRs:S:t:Uvw:WXz:"}, exec: true},
	"xvfb-run": {g: optGrammar{short: "ae:f:hn:l:s:w:p:", long: []string{"auto-servernum", "error-file=", "auth-file=", "help", "server-num=", "listen-tcp", "server-args=", "wait=", "xauth-protocol="}}, exec: true},
	"prlimit":  {g: optGrammar{short: "p:o:vhV", long: []string{"pid=", "output=", "noheadings", "raw", "verbose", "help", "version", "core?", "data?", "fsize?", "memlock?", "rss?", "nofile?", "as?", "nproc?", "stack?", "cpu?", "sigpending?", "msgqueue?", "nice?", "rtprio?", "rttime?", "locks?"}}, exec: true, noCommand: []string{"-p", "--pid"}},
	// Package runners: npx (npm exec) runs a package's binary or, first,
	// a command on PATH (npx rm victim runs rm); bunx, pnpx and uvx fetch
	// a package and run its command. Every option before the command is
	// read with npm's grammar; an unknown one makes the part unresolved.
	"npx": {g: optGrammar{short: "p:c:yqw:", long: []string{"package=", "call=", "yes", "no", "quiet", "silent",
		"workspace=", "workspaces", "ws", "include-workspace-root", "prefer-online", "prefer-offline", "offline", "version", "help",
		"ignore-existing"}}, script: []string{"-c", "--call"}},
	"bunx": {g: optGrammar{short: "p:", long: []string{"bun", "package=", "silent", "verbose", "no-install", "version", "help"}}},
	"pnpx": {g: optGrammar{short: "c", long: []string{"package=", "shell-mode", "silent", "allow-build="}}},
	"uvx": {g: optGrammar{short: "p:qvnw:", long: []string{"from=", "with=", "with-editable=", "with-requirements=",
		"python=", "quiet", "verbose", "offline", "isolated", "no-cache", "native-tls", "refresh", "no-progress"}}},
	"cpulimit": {g: optGrammar{short: "p:e:l:c:fqkrvzih", long: []string{"pid=", "exe=", "limit=", "cpu=", "foreground", "quiet", "kill", "restore", "verbose", "lazy", "include-children", "help"}}, exec: true, noCommand: []string{"-p", "--pid", "-e", "--exe"}},
}

// shells run a script given with -c, read from a file operand or stdin.
var shells = map[string]optGrammar{
	"bash": {short: "abefhkmnptuvxBCEHPTilrsDco:O:", long: []string{"norc", "noprofile", "rcfile=", "init-file=",
		"login", "posix", "noediting", "restricted", "verbose", "version", "help", "debugger", "dump-strings",
		"dump-po-strings", "pretty-print"}},
	"sh":   {short: "abefhkmnpuvxCEHPTilrsco:"},
	"dash": {short: "abefhkmnpuvxCEHPTilrsco:"},
	"ash":  {short: "abefhkmnpuvxCEHPTilrsco:"},
	"ksh":  {short: "abefhkmnpuvxCEHPTilrsco:R:"},
	"mksh": {short: "abefhkmnpuvxCEHPTilrsco:T:"},
	"zsh": {short: "abcdefghiklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789o:", long: []string{"login",
		"interactive", "no-rcs", "rcs", "version", "help", "emulate="}},
	"yash": {short: "abefhkmnpuvxCEHPTilrsco:"},
	"posh": {short: "abefhkmnpuvxCEHPTilrsco:"},
	"lksh": {short: "abefhkmnpuvxCEHPTilrsco:T:"},
	// csh's -c takes the script as its first operand, as sh's; its
	// language differs, so a script that does not parse as sh is
	// unresolved. pwsh's -Command and other words read as unknown options
	// (unresolved); its -c as sh's.
	"csh":        {short: "bcdefFimnqstvVxX"},
	"tcsh":       {short: "bcdefFimnqstvVxX"},
	"pwsh":       {short: "c"},
	"powershell": {short: "c"},
}

// gitGlobal is git's own grammar for the options before its subcommand.
var gitGlobal = optGrammar{short: "C:c:pPvh", long: []string{"git-dir=", "work-tree=", "namespace=",
	"exec-path?", "super-prefix=", "list-cmds=", "config-env=", "attr-source=", "paginate", "no-pager",
	"no-replace-objects", "no-lazy-fetch", "no-optional-locks", "no-advice", "bare", "literal-pathspecs",
	"glob-pathspecs", "noglob-pathspecs", "icase-pathspecs", "html-path", "man-path", "info-path", "version", "help"}}

// payload is something a wrapper runs that must be analysed as well.
type payload struct {
	script  string // a shell script to parse
	argv    []Word // or an argv to analyse as one simple command
	dynamic bool   // the script is not static
	origin  string
	reason  Reason
	// unresolved: nothing to analyse, only a reason to report.
	unresolved bool
	// lenient: the script may not be shell at all (a string in an inline
	// program); if it does not parse, it is only text.
	lenient bool
}

// peeled is what peeling wrappers learned about a command.
type peeled struct {
	view  View
	inner []Word
	pays  []payload
	files []File
	// dirUnknown: the inner command runs in a directory not known statically.
	dirUnknown bool
	// chdirs are the static directories wrappers moved into, in order.
	chdirs []string
	// assigns are NAME=VALUE words a wrapper (env, sudo) passed to the command.
	assigns []Assign
	exec    bool
	// powers are wrapper options no prefix rule approves (git -c core.pager=…).
	powers []string
}

// rootOpts are the chdir options that change the root, not the directory.
var rootOpts = map[string]bool{"-R": true, "-r": true, "--root": true, "--chroot": true}

// maxSplices bounds env -S re-reads (each may contain another -S).
const maxSplices = 8

// peelNarrow strips the wrappers allow rules see through.
func peelNarrow(words []Word, assigns []Assign, sl *slab) (View, []Word) {
	v := View{}
	for _, a := range assigns {
		if !SafeVars[a.Name] {
			v.Assigns = append(v.Assigns, a.Name)
		}
	}
	for len(words) > 0 && words[0].Static() {
		name := words[0].Value
		if name == "xargs" {
			// Only a bare xargs (no options) is stripped for allow rules.
			if len(words) < 2 || strings.HasPrefix(words[1].Value, "-") {
				break
			}
			v.Peeled = append(v.Peeled, name)
			words = words[1:]
			continue
		}
		w, ok := wrappers[name]
		if !ok || !w.narrow {
			break
		}
		sc := w.g.scan(words[1:])
		if sc.unsure || sc.has(w.noCommand...) || len(sc.values(w.writes...)) > 0 {
			break
		}
		rest := words[1+sc.stop:]
		if len(rest) <= w.positional {
			break
		}
		v.Peeled = append(v.Peeled, name)
		words = rest[w.positional:]
	}
	fillView(&v, words, sl)
	return v, words
}

// peelWide strips every wrapper and returns the payloads wrappers would run.
func peelWide(words []Word, narrow *View, narrowWords []Word, sl *slab) peeled {
	var out peeled
	splices := 0
	fromXargs := false // the command being peeled gets more arguments from xargs' input
	for len(words) > 0 && words[0].Static() {
		name := words[0].Value
		if strings.Contains(name, "/") {
			name = path.Base(name)
			words = append([]Word{{Value: name}}, words[1:]...)
		}
		if len(name) > 1 && name[0] == '=' {
			// zsh's equals expansion: =rm is the path of rm (bash runs a
			// command named "=rm", which does not exist).
			name = path.Base(name[1:])
			words = append([]Word{{Value: name}}, words[1:]...)
		}
		if name == "--" && len(words) > 1 {
			// bash's time keyword reads "--" as the end of its options
			// (time -p -- rm x); anywhere else a command named "--" does
			// not exist, so reading past it only adds to what rules see.
			out.view.Peeled = append(out.view.Peeled, name)
			words = words[1:]
			continue
		}
		if subs, ok := subRunners[name]; ok && len(words) > 1 && words[1].Static() && subs[canonicalSub(name, words[1].Value)] > 0 {
			// uv run CMD, bundle exec CMD, direnv exec DIR CMD …: the
			// command follows the subcommand (and its positional operand).
			rest := words[2:]
			if len(rest) > 0 && rest[0].Value == "--" {
				rest = rest[1:]
			} else if len(rest) > 0 && strings.HasPrefix(rest[0].Value, "-") {
				out.pays = append(out.pays, payload{unresolved: true, reason: ReasonWrapperOptions,
					origin: name + " " + words[1].Value, script: "options of " + name + " " + words[1].Value +
						" not understood: where its command starts is not certain"})
				break
			}
			if n := subs[canonicalSub(name, words[1].Value)] - 1; n > 0 {
				if len(rest) < n {
					break
				}
				rest = rest[n:]
			}
			if len(rest) == 0 {
				break
			}
			// Not exec-style: a prefix rule on the runner (Bash(uv run
			// pytest *)) still approves; deny and ask rules see the command.
			out.view.Peeled = append(out.view.Peeled, name+" "+words[1].Value)
			words = rest
			continue
		}
		w, ok := wrappers[name]
		if !ok {
			break
		}
		sc := w.g.scan(words[1:])
		if sc.unsure {
			out.pays = append(out.pays, payload{unresolved: true, reason: ReasonWrapperOptions, origin: name,
				script: "options of " + name + " not understood: where its command starts is not certain"})
		}
		for _, o := range sc.values(w.script...) {
			out.pays = append(out.pays, payload{script: o.value, dynamic: o.dynamic, origin: name + " " + o.name,
				reason: ReasonDynamicShell})
		}
		for _, o := range sc.values(w.writes...) {
			out.files = append(out.files, File{Path: o.value, Access: Write, Via: name + " " + o.name, Dynamic: o.dynamic})
		}
		for _, o := range sc.values(w.reads...) {
			out.files = append(out.files, File{Path: o.value, Access: Read, Via: name + " " + o.name, Dynamic: o.dynamic})
		}
		if w.changesDir {
			out.dirUnknown = true
		}
		for _, o := range sc.values(w.chdir...) {
			// env -C DIR, sudo -D DIR: the command runs in DIR, followed
			// like a cd when it is static; a new root is not followed.
			if o.dynamic || rootOpts[o.name] {
				out.dirUnknown = true
			} else {
				out.chdirs = append(out.chdirs, o.value)
			}
		}
		rest := words[1+sc.stop:]
		if split := sc.values(w.split...); len(split) > 0 {
			splices++
			var spliced []Word
			for _, o := range split {
				ws, ok := splitArgs(o.value)
				if !ok || o.dynamic || splices > maxSplices {
					out.pays = append(out.pays, payload{unresolved: true, reason: ReasonWrapperOptions, origin: name,
						script: name + " " + o.name + " string cannot be split statically: " + o.value})
					spliced = nil
					break
				}
				spliced = append(spliced, ws...)
			}
			if spliced != nil {
				// env re-reads the split words as its own arguments.
				words = append(append([]Word{words[0]}, spliced...), rest...)
				continue
			}
		}
		if name == "env" && len(rest) > 0 && rest[0].Value == "-" {
			rest = rest[1:] // "env -" is env -i
		}
		if w.assigns {
			for len(rest) > 0 && isEnvAssignWord(rest[0]) {
				n, v, _ := strings.Cut(rest[0].Value, "=")
				out.assigns = append(out.assigns, Assign{Name: n, Value: v, Dynamic: rest[0].Dynamic})
				rest = rest[1:]
			}
		}
		if sc.has(w.noCommand...) {
			break
		}
		if name == "sudo" && sc.has("-h") && len(sc.values("-h")) == 0 && len(rest) > 1 {
			// sudo -h HOST CMD: a word after a bare -h is the host
			// (sudo's own got_host_flag), not the command.
			rest = rest[1:]
		}
		if name == "sudo" && sc.has("-e", "--edit") {
			for _, r := range rest {
				out.files = append(out.files, fileOf(r, r.Value, Write, "sudo -e"))
			}
			break
		}
		if len(rest) < w.positional {
			break
		}
		pos := rest[:w.positional]
		rest = rest[w.positional:]
		if w.exec {
			out.exec = true
		}
		if w.flockStyle && len(rest) > 0 && (rest[0].Value == "-c" || rest[0].Value == "--command") {
			if len(rest) > 1 {
				out.pays = append(out.pays, payload{script: rest[1].Value, dynamic: !rest[1].Static(),
					origin: name + " -c", reason: ReasonDynamicShell})
			}
			out.view.Peeled = append(out.view.Peeled, name)
			words = nil
			break
		}
		if name == "xargs" {
			fromXargs = true
			rest = xargsReplaced(sc, rest)
		}
		if len(rest) == 0 {
			if fromXargs && name != "xargs" {
				// xargs appends its input: that is this wrapper's command.
				out.pays = append(out.pays, payload{unresolved: true, reason: ReasonShellInput, origin: "xargs " + name,
					script: "xargs supplies the command " + name + " runs from its input"})
			}
			if w.shellIfNone && name != "sudo" || name == "sudo" && sc.has("-s", "--shell", "-i", "--login") {
				out.pays = append(out.pays, payload{unresolved: true, reason: ReasonShellInput, origin: name,
					script: name + " starts a shell that reads its commands from stdin"})
			}
			_ = pos
			break
		}
		if w.joinScript && !sc.has(w.joinOff...) {
			parts := make([]string, len(rest))
			dyn := false
			for i, r := range rest {
				parts[i], dyn = r.Value, dyn || !r.Static()
			}
			out.pays = append(out.pays, payload{script: strings.Join(parts, " "), dynamic: dyn, origin: name,
				reason: ReasonDynamicShell})
		}
		if name == "sudo" && sc.has("-s", "--shell", "-i", "--login") {
			script, dyn := sudoShellScript(rest)
			out.pays = append(out.pays, payload{script: script, dynamic: dyn, origin: "sudo -s",
				reason: ReasonDynamicShell})
		}
		out.view.Peeled = append(out.view.Peeled, name)
		words = rest
	}
	words = gitPeel(words, &out)
	if sameWords(words, narrowWords) && narrow != nil {
		out.view.Name, out.view.DynamicName, out.view.Args, out.view.Text = narrow.Name, narrow.DynamicName, narrow.Args, narrow.Text
		out.view.Quoted = narrow.Quoted
	} else {
		fillView(&out.view, words, sl)
	}
	out.inner = words
	out.pays = append(out.pays, payloads(words)...)
	out.pays = append(out.pays, subcommandPayloads(words)...)
	return out
}

// isAssignWord reports a NAME=VALUE word.
func isAssignWord(s string) bool {
	n, _, ok := strings.Cut(s, "=")
	if !ok || n == "" {
		return false
	}
	for i := 0; i < len(n); i++ {
		c := n[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// isEnvAssignWord reports a word env (and sudo) read as an assignment:
// any word holding "=" before the command, whatever its name (coreutils
// env's strchr test). "=x", "a b=1" and "BASH_FUNC_f%%=() { …; }" are
// assignments to env, never the command's name. A word known only at run
// time counts when its source spells NAME=…; otherwise it stays a dynamic
// command name.
func isEnvAssignWord(w Word) bool {
	if w.Dynamic || w.Brace {
		return isAssignWord(w.Value)
	}
	return strings.Contains(w.Value, "=")
}

// gitPeel removes git's global options (so deny rules see the subcommand)
// and turns the options that name programs into payloads.
func gitPeel(words []Word, out *peeled) []Word {
	if len(words) == 0 || words[0].Value != "git" {
		return words
	}
	sc := gitGlobal.scan(words[1:])
	if sc.unsure {
		out.pays = append(out.pays, payload{unresolved: true, reason: ReasonWrapperOptions, origin: "git",
			script: "git global options not understood"})
	}
	for _, o := range sc.values("-c") {
		if pays := gitConfigPayloads(o.value, "", o.dynamic); len(pays) > 0 {
			out.pays = append(out.pays, pays...)
			out.powers = append(out.powers, "git -c "+o.value)
		}
	}
	for _, o := range sc.values("--config-env", "--exec-path") {
		out.pays = append(out.pays, payload{unresolved: true, reason: ReasonProgramConfig, origin: "git " + o.name,
			script: "git " + o.name + "=" + o.value + " names configuration or programs from outside the command"})
	}
	if sc.has("-C", "--git-dir", "--work-tree") {
		out.dirUnknown = out.dirUnknown || len(sc.values("-C")) > 0
	}
	// Another directory's repository is another .git (its hooks, its
	// config): like cd, policy sees where git goes.
	for _, o := range sc.values("-C", "--git-dir", "--work-tree") {
		out.files = append(out.files, File{Path: o.value, Access: Read, Via: "git " + o.name, Dynamic: o.dynamic})
	}
	if sc.stop == 0 {
		return words
	}
	out.view.Peeled = append(out.view.Peeled, "git-options")
	return append([]Word{words[0]}, words[1+sc.stop:]...)
}

// payloads finds the scripts and commands a peeled command runs: shell -c,
// eval, find -exec and the other command-running programs.
func payloads(words []Word) []payload {
	if len(words) == 0 || !words[0].Static() {
		return nil
	}
	name := words[0].Value
	if g, ok := shells[name]; ok {
		return shellPayload(name, g, words[1:])
	}
	switch name {
	case "fish":
		return fishPayload(words[1:])
	case "eval":
		var parts []string
		dyn := false
		args := words[1:]
		if len(args) > 0 && args[0].Value == "--" {
			args = args[1:] // eval reads "--" as the end of its (no) options
		}
		for _, w := range args {
			parts = append(parts, w.Value)
			dyn = dyn || w.Dynamic
		}
		return []payload{{script: strings.Join(parts, " "), dynamic: dyn, origin: "eval", reason: ReasonDynamicEval}}
	case "find":
		return findPayloads(words[1:])
	}
	return runnerPayloads(name, words[1:])
}

// shellPayload reads a shell's options: with -c the script is the first
// operand (after "--" too); otherwise a file operand or stdin is the script.
func shellPayload(name string, g optGrammar, args []Word) []payload {
	norm := make([]Word, len(args))
	for i, a := range args {
		norm[i] = a
		if strings.HasPrefix(a.Value, "+") && len(a.Value) > 1 {
			norm[i].Value = "-" + a.Value[1:] // +o opt, +x: the same grammar
		}
	}
	sc := g.scan(norm)
	var out []payload
	if sc.unsure {
		out = append(out, payload{unresolved: true, reason: ReasonWrapperOptions, origin: name,
			script: name + " options not understood: where its script starts is not certain"})
	}
	rest := args[sc.stop:]
	switch {
	case sc.has("-c"):
		if len(rest) == 0 {
			// No script here: xargs (or whatever appends arguments)
			// supplies it.
			return append(out, payload{unresolved: true, reason: ReasonShellInput, origin: name + " -c",
				script: name + " -c without a script: it comes from elsewhere"})
		}
		return append(out, payload{script: rest[0].Value, dynamic: !rest[0].Static(), origin: name + " -c",
			reason: ReasonDynamicShell})
	case len(rest) > 0 && !sc.has("-s"):
		return append(out, payload{unresolved: true, reason: ReasonShellInput, origin: name,
			script: name + " runs the script file " + rest[0].Value})
	}
	return append(out, payload{unresolved: true, reason: ReasonShellInput, origin: name,
		script: name + " reads its script from stdin"})
}

// fishPayload: fish takes its script as the value of -c/--command (and
// -C/--init-command runs before it).
func fishPayload(args []Word) []payload {
	g := optGrammar{short: "c:C:d:f:hilnNo:pPv", long: []string{"command=", "init-command=", "debug=",
		"features=", "help", "interactive", "login", "no-execute", "no-config", "debug-output=", "profile=",
		"private", "print-rusage-self", "print-debug-categories", "version"}}
	sc := g.scan(args)
	var out []payload
	for _, o := range sc.values("-c", "--command", "-C", "--init-command") {
		out = append(out, payload{script: o.value, dynamic: o.dynamic, origin: "fish " + o.name, reason: ReasonDynamicShell})
	}
	if sc.unsure || len(out) == 0 {
		out = append(out, payload{unresolved: true, reason: ReasonShellInput, origin: "fish",
			script: "fish reads its script from a file or stdin"})
	}
	return out
}

// findPayloads turns find's -exec/-execdir/-ok/-okdir actions into argvs.
func findPayloads(args []Word) []payload {
	var out []payload
	for i := 0; i < len(args); i++ {
		switch args[i].Value {
		case "-exec", "-execdir", "-ok", "-okdir":
			j := i + 1
			for j < len(args) && args[j].Value != ";" && args[j].Value != "+" {
				j++
			}
			if j > i+1 {
				argv := append([]Word(nil), args[i+1:j]...)
				for k := range argv {
					if strings.Contains(argv[k].Value, "{}") {
						argv[k].Glob = true // the files find visits
					}
				}
				out = append(out, payload{argv: argv, origin: "find " + args[i].Value})
			}
			i = j
		}
	}
	return out
}

func fillView(v *View, words []Word, sl *slab) {
	if len(words) == 0 {
		return
	}
	v.Name = words[0].Value
	v.DynamicName = !words[0].Static()
	v.Args = sl.stringList(len(words) - 1)
	v.Quoted = quotedText(words)
	if len(words) == 1 {
		v.Text = v.Name
		return
	}
	n := len(words) - 1
	for _, w := range words {
		n += len(w.Value)
	}
	if t, ok := sl.sourceText(words, n); ok {
		for i, w := range words[1:] {
			v.Args[i] = w.Value
		}
		v.Text = t
		return
	}
	var b strings.Builder
	b.Grow(n)
	for i, w := range words {
		if i > 0 {
			b.WriteByte(' ')
			v.Args[i-1] = w.Value
		}
		b.WriteString(w.Value)
	}
	v.Text = b.String()
}

// quotedText is the words joined by single spaces with each word that
// holds a blank single-quoted, or "" when none does (see View.Quoted).
func quotedText(words []Word) string {
	blank := false
	for _, w := range words {
		blank = blank || strings.ContainsAny(w.Value, " \t\n")
	}
	if !blank {
		return ""
	}
	var b strings.Builder
	for i, w := range words {
		if i > 0 {
			b.WriteByte(' ')
		}
		if strings.ContainsAny(w.Value, " \t\n") {
			b.WriteString("'" + strings.ReplaceAll(w.Value, "'", `'\''`) + "'")
			continue
		}
		b.WriteString(w.Value)
	}
	return b.String()
}

// sourceText is the command's source text ending in words joined by
// single spaces (n bytes), when it ends so: the text of a plain command
// line, with or without its wrappers, is a stretch of its source.
func (s *slab) sourceText(words []Word, n int) (string, bool) {
	if s == nil || len(s.cmdSrc) < n {
		return "", false
	}
	t := s.cmdSrc[len(s.cmdSrc)-n:]
	rest := t
	for i, w := range words {
		if i > 0 {
			if rest[0] != ' ' {
				return "", false
			}
			rest = rest[1:]
		}
		if rest[:len(w.Value)] != w.Value {
			return "", false
		}
		rest = rest[len(w.Value):]
	}
	return t, true
}

// sameWords reports two word lists that are the same slice: views filled
// from them are equal, and their args and text can be shared.
func sameWords(a, b []Word) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// xargsReplaced marks the words of xargs' command that hold its -I/-i
// replace string as dynamic: xargs substitutes its input there (a shell
// script '{}' is the input itself).
func xargsReplaced(sc optScan, rest []Word) []Word {
	var repl []string
	for _, o := range sc.values("-I", "-i", "--replace") {
		r := o.value
		if r == "" {
			r = "{}"
		}
		repl = append(repl, r)
	}
	if len(repl) == 0 {
		return rest
	}
	out := append([]Word(nil), rest...)
	for i := range out {
		for _, r := range repl {
			if strings.Contains(out[i].Value, r) {
				out[i].Dynamic = true
			}
		}
	}
	return out
}

// subRunners are programs whose subcommand runs the command after it: the
// value is 1 + the operands between the subcommand and the command
// (direnv exec DIR CMD). Their options before the command are not read:
// any makes the part unresolved.
var subRunners = map[string]map[string]int{
	"uv": {"run": 1}, "poetry": {"run": 1}, "pipenv": {"run": 1}, "conda": {"run": 1}, "mamba": {"run": 1},
	"pixi": {"run": 1, "exec": 1}, "hatch": {"run": 1}, "pdm": {"run": 1}, "rye": {"run": 1},
	"bundle": {"exec": 1}, "mise": {"exec": 1, "x": 1}, "rtx": {"exec": 1, "x": 1}, "asdf": {"exec": 1},
	"direnv": {"exec": 2}, "npm": {"exec": 1, "x": 1}, "pnpm": {"exec": 1, "dlx": 1}, "yarn": {"exec": 1, "dlx": 1},
	"bun": {"x": 1}, "pipx": {"run": 1},
	"devbox": {"run": 1},
}
