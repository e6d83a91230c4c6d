package bashparse

// SafeVars are the variables an allow rule may match past when they lead a
// command (spec §3). Everything else (PATH, LD_PRELOAD, GIT_*, IFS, …) makes
// the command need a rule that includes the assignment.
var SafeVars = map[string]bool{
	"NODE_ENV": true, "CI": true, "LANG": true, "LANGUAGE": true, "LC_ALL": true, "LC_CTYPE": true,
	"LC_MESSAGES": true, "TZ": true, "TERM": true, "NO_COLOR": true, "FORCE_COLOR": true,
	"COLUMNS": true, "LINES": true, "RUST_BACKTRACE": true, "RUST_LOG": true, "PYTHONUNBUFFERED": true,
	"PYTHONDONTWRITEBYTECODE": true, "GOOS": true, "GOARCH": true,
	// The reference matches past these too (each checked): build switches
	// and output formats that run nothing and name no file.
	"CGO_ENABLED": true, "GO111MODULE": true, "GOEXPERIMENT": true, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": true,
	"PYTEST_DEBUG": true, "LC_TIME": true, "CHARSET": true, "COLORTERM": true, "LS_COLORS": true, "LSCOLORS": true,
	"GREP_COLOR": true, "GREP_COLORS": true, "GCC_COLORS": true, "TIME_STYLE": true, "BLOCK_SIZE": true, "BLOCKSIZE": true,
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

// IsWrapper reports a command name that runs another command given to it
// (timeout, nice, sudo, xargs, …): the views peel it off.
func IsWrapper(name string) bool {
	_, ok := wrappers[name]
	return ok
}
