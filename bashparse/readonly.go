package bashparse

import "strings"

// readOnlyCheck decides whether a command with these arguments only reads.
type readOnlyCheck func(args []string) bool

func always([]string) bool { return true }

// noFlag is read-only unless one of the given options (exact, or --opt=…) is present.
func noFlag(bad ...string) readOnlyCheck {
	return func(args []string) bool {
		for _, a := range args {
			for _, b := range bad {
				if a == b || hasValuePrefix(a, b) || isLongOpt(a, b) {
					return false
				}
				// short option clusters: -rfo contains -o
				if len(b) == 2 && b[0] == '-' && len(a) > 2 && a[0] == '-' && a[1] != '-' &&
					strings.IndexByte(a[1:], b[1]) >= 0 {
					return false
				}
			}
		}
		return true
	}
}

// noArgs accepts a command given no argument at all (the reference asks
// for pwd -P).
func noArgs(args []string) bool { return len(args) == 0 }

// readOnlyCommands is the table of commands that run without asking
// (spec §3). A command not listed here is not read-only.
var readOnlyCommands = map[string]readOnlyCheck{
	"ls": always, "cat": always, "echo": always, "pwd": noArgs, "head": always, "tail": always,
	"grep": always, "egrep": always, "fgrep": always, "rg": noFlag("--pre", "--hostname-bin", "-z", "--search-zip", "--files", "--ignore-file", "--type-add"), "wc": always, "which": always,
	"diff": noFlag("--output"), "stat": always, "du": always, "cd": always, "true": always, "false": always,
	"file": noFlag("-C", "--compile", "-z", "-Z", "--uncompress", "--uncompress-noreport"), "tree": noFlag("-o", "-R"), "basename": always, "dirname": always,
	"realpath": always, "readlink": always, "printf": noFlag("-v"), "sort": noFlag("-o", "--output", "-k", "--key", "-T", "--temporary-directory", "--compress-program"),
	"cut": always, "tr": always, "nl": always,
	"md5sum": always, "sha1sum": always, "sha256sum": always, "sha512sum": always, "cksum": always,
	"seq": always, "column": always, "fold": always, "paste": always, "comm": always,
	"rev": always, "tac": always, "od": always, "strings": always,
	"base64": noFlag("-o", "--output", "-w", "--wrap"), "jq": jqReadOnly, "find": findReadOnly, "sed": sedReadOnly, "git": gitReadOnly,
}

// IsReadOnly reports whether name with args only reads, by the table.
func IsReadOnly(name string, args []string) bool {
	f, ok := readOnlyCommands[name]
	if !ok {
		f, ok = systemReadOnly[name]
	}
	return ok && f(args)
}

// findUnsafe are find actions that write, delete or execute.
var findUnsafe = map[string]bool{"-exec": true, "-execdir": true, "-ok": true, "-okdir": true,
	"-delete": true, "-fprint": true, "-fprint0": true, "-fprintf": true, "-fls": true}

func findReadOnly(args []string) bool {
	for _, a := range args {
		if findUnsafe[a] {
			return false
		}
	}
	return true
}

// gitLogReadOnly refuses the options of git log (and of the commands that
// take its options: show, stash show/list, reflog show, shortlog) that
// write a file or run a program the config names (a driver, gpg).
var gitLogReadOnly = func(args []string) bool {
	for _, a := range args {
		// %G? %GS %GK … verify signatures: they run gpg.program.
		if (strings.HasPrefix(a, "--format=") || strings.HasPrefix(a, "--pretty=")) && strings.Contains(a, "%G") {
			return false
		}
	}
	return gitLogOpts(args)
}

var gitLogOpts = noFlag("--output", "--ext-diff", "--textconv", "--show-signature", "-L",
	// The reference asks for these (checked with ../shared/oracle).
	"--patch-with-stat", "--word-diff", "--color-words", "-c", "--cc", "--notes")

// gitReadOnlySub are git subcommands that only read, with a check of their args.
var gitReadOnlySub = map[string]readOnlyCheck{
	"status": noFlag("-u", "--untracked-files", "-z"), "log": gitLogReadOnly,
	"diff": noFlag("--output", "--ext-diff", "--color-moved", "--submodule", "--word-diff", "--color-words"),
	"show": gitLogReadOnly, "blame": always, "rev-parse": always,
	"ls-files": noFlag("-X", "--exclude-from", "--exclude-per-directory"), "cat-file": noFlag("--textconv", "--filters"), "describe": always, "shortlog": gitLogReadOnly,
	"grep": noFlag("-O", "--open-files-in-pager", "-f"), "reflog": func(a []string) bool { return len(a) == 0 || a[0] == "show" && gitLogReadOnly(a[1:]) },
	"branch": gitBranchReadOnly, "tag": func(a []string) bool { return len(a) == 0 || a[0] == "-l" || a[0] == "--list" },
	"remote": func(a []string) bool { return len(a) == 0 || (len(a) == 1 && a[0] == "-v") },
	"stash": func(a []string) bool {
		return len(a) > 0 && (a[0] == "list" || a[0] == "show") && gitLogReadOnly(a[1:])
	},
	"worktree": func(a []string) bool { return len(a) > 0 && a[0] == "list" },
	// The reference runs these without asking (it asks for name-rev,
	// show-ref and count-objects).
	"rev-list": gitLogReadOnly, "for-each-ref": always, "merge-base": always,
	// --list prints every value, credentials too: the reference asks.
	"config": gitConfigGetReadOnly,
}

// gitReadOnly accepts only read-only subcommands with no global options: a
// global -c can set core.pager or an alias that executes anything, and -C
// moves outside the working directory.
func gitReadOnly(args []string) bool {
	if len(args) == 0 {
		return false
	}
	if args[0] == "--no-pager" {
		args = args[1:]
	}
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		return false
	}
	f, ok := gitReadOnlySub[args[0]]
	return ok && f(args[1:]) && gitReadNoProgram(args[1:])
}

// sedReadOnly: `sed -n` (print only what the script says) with no in-place
// editing and a script without w, W or e commands (nor s///w or s///e flags).
// Claude Code asks for sed without -n too.
func sedReadOnly(args []string) bool {
	return sedQuiet(args) && sedSafe(args) && sedOptsReadOnly(args)
}

// sedOptsReadOnly refuses the options the reference asks for.
var sedOptsReadOnly = noFlag("--debug", "-s", "--separate", "-u", "--unbuffered", "-l", "--line-length")

func sedQuiet(args []string) bool {
	for _, a := range args {
		if a == "--quiet" || a == "--silent" || (len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.ContainsRune(a, 'n')) {
			return true
		}
		if a == "--" {
			break
		}
	}
	return false
}

// sedSafe: no in-place editing and no script command that writes or executes.
func sedSafe(args []string) bool {
	var scripts []string
	explicit := false
	for i := 0; i < len(args); i++ {
		a := canonLong(args[i], sedLongs)
		switch {
		case a == "-i" || strings.HasPrefix(a, "-i") || isLongOpt(a, "--in-place") ||
			(len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.ContainsRune(a, 'i')):
			return false
		case a == "-e" || a == "--expression":
			if i+1 < len(args) {
				scripts = append(scripts, args[i+1])
				i++
			}
			explicit = true
		case strings.HasPrefix(a, "--expression="):
			scripts = append(scripts, strings.TrimPrefix(a, "--expression="))
			explicit = true
		case a == "-f" || a == "--file" || strings.HasPrefix(a, "--file="):
			return false // a script file cannot be checked
		case strings.HasPrefix(a, "-"):
		default:
			if !explicit {
				scripts = append(scripts, a)
				explicit = true
			}
		}
	}
	for _, s := range scripts {
		if !sedScriptSafe(s) {
			return false
		}
	}
	return true
}

// sedScriptSafe: the script is understood and neither writes nor executes.
func sedScriptSafe(s string) bool {
	sc := sedScan(s)
	return sc.ok && len(sc.writes) == 0 && len(sc.execs) == 0
}

// readOnly classifies by the narrow view: what the user would see run.
func (p *parser) readOnly(c *Command) bool {
	if len(c.Words) == 0 {
		// A bare assignment is never read-only; a lone redirection is judged by its files.
		return len(c.Assigns) == 0
	}
	if len(c.Narrow.Assigns) > 0 || c.Narrow.DynamicName || p.timed > 0 {
		return false
	}
	for _, w := range c.Narrow.Peeled {
		if !readOnlyWrappers[w] {
			return false
		}
	}
	if gitBranchGlob(c) || bracketParam(c) {
		return false
	}
	return IsReadOnly(c.Narrow.Name, c.Narrow.Args)
}

// readOnlyWrappers are the peeled wrappers a read-only command may stand
// behind. The reference CLI runs "timeout 5 ls" without asking but asks for
// "nice ls", "time ls", "nohup ls" and "stdbuf -o0 ls": those wrappers are
// seen through by rules (spec §3), not by the read-only check.
var readOnlyWrappers = map[string]bool{"timeout": true, "command": true, "builtin": true, "noglob": true}
