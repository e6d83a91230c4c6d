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
	"PYTHONDONTWRITEBYTECODE": true, "GOOS": true, "GOARCH": true, "DEBUG": true, "VERBOSE": true,
}

// wrapper describes how to skip a wrapper command's own options.
type wrapper struct {
	argOpts  string   // short options that take a value
	longArgs []string // long options that take a value when not written with '='
	// positional is how many operands the wrapper takes before the command.
	positional int
	// exec marks wrappers only an exact rule may approve.
	exec bool
}

// narrowWrappers are stripped for allow rules too (spec §3).
var narrowWrappers = map[string]wrapper{
	"timeout": {argOpts: "sk", longArgs: []string{"--signal", "--kill-after"}, positional: 1},
	"time":    {},
	"nice":    {argOpts: "n", longArgs: []string{"--adjustment"}},
	"nohup":   {},
	"stdbuf":  {argOpts: "ioe", longArgs: []string{"--input", "--output", "--error"}},
	"command": {},
	"builtin": {},
	"noglob":  {},
}

// wideWrappers are stripped for deny and ask rules only.
var wideWrappers = map[string]wrapper{
	"env":    {argOpts: "uCS", longArgs: []string{"--unset", "--chdir", "--split-string"}},
	"sudo":   {argOpts: "ugpCDhrtTU", longArgs: []string{"--user", "--group", "--prompt", "--close-from", "--chdir", "--host", "--role", "--type", "--command-timeout", "--other-user"}},
	"doas":   {argOpts: "uC"},
	"watch":  {argOpts: "nqd", longArgs: []string{"--interval", "--equexit"}, exec: true},
	"ionice": {argOpts: "cnpPu", longArgs: []string{"--class", "--classdata", "--pid", "--pgid", "--uid"}, exec: true},
	"setsid": {exec: true},
	"flock":  {argOpts: "wEc", longArgs: []string{"--timeout", "--conflict-exit-code", "--command"}, positional: 1, exec: true},
	"xargs": {argOpts: "adEeIiLlnPs", longArgs: []string{"--arg-file", "--delimiter", "--eof", "--replace",
		"--max-lines", "--max-args", "--max-procs", "--max-chars", "--process-slot-var"}},
	"nice": narrowWrappers["nice"], "timeout": narrowWrappers["timeout"], "stdbuf": narrowWrappers["stdbuf"],
	"chrt": {argOpts: "T", exec: true}, "taskset": {positional: 1, exec: true}, "unbuffer": {},
	"caffeinate": {}, "exec": {argOpts: "a"},
}

// shells run their -c argument as a script.
var shells = map[string]bool{"bash": true, "sh": true, "zsh": true, "dash": true, "ksh": true,
	"mksh": true, "fish": true, "ash": true, "busybox": false}

// gitArgOpts are git global options that take a separate value.
var gitArgOpts = map[string]bool{"-C": true, "-c": true, "--git-dir": true, "--work-tree": true,
	"--namespace": true, "--exec-path": true, "--config-env": true, "--super-prefix": true, "--list-cmds": true}

// skipOptions removes a wrapper's options and positional operands and
// returns the words of the wrapped command plus the options it skipped.
func skipOptions(w wrapper, words []Word) (rest []Word, opts []string) {
	i := 0
	for i < len(words) {
		v := words[i].Value
		if v == "--" {
			i++
			break
		}
		if !strings.HasPrefix(v, "-") || v == "-" {
			break
		}
		opts = append(opts, v)
		i++
		if strings.HasPrefix(v, "--") {
			for _, l := range w.longArgs {
				if v == l && i < len(words) {
					opts = append(opts, words[i].Value)
					i++
				}
			}
			continue
		}
		// A cluster like -un: the first option taking a value eats the rest
		// of the cluster or the next word.
		for j := 1; j < len(v); j++ {
			if strings.IndexByte(w.argOpts, v[j]) >= 0 {
				if j == len(v)-1 && i < len(words) {
					opts = append(opts, words[i].Value)
					i++
				}
				break
			}
		}
	}
	for n := 0; n < w.positional && i < len(words); n++ {
		opts = append(opts, words[i].Value)
		i++
	}
	return words[i:], opts
}

// payload is something a wrapper runs that must be analysed as well.
type payload struct {
	script  string // a shell script to parse
	argv    []Word // or an argv to analyse as one simple command
	dynamic bool   // the script is not static
	origin  string
	reason  Reason
}

// peelNarrow strips the wrappers allow rules see through.
func peelNarrow(words []Word, assigns []Assign) View {
	v := View{}
	for _, a := range assigns {
		if !SafeVars[a.Name] {
			v.Assigns = append(v.Assigns, a.Name)
		}
	}
	for len(words) > 0 && words[0].Static() {
		name := words[0].Value
		w, ok := narrowWrappers[name]
		if name == "command" && len(words) > 1 && (words[1].Value == "-v" || words[1].Value == "-V") {
			break
		}
		if name == "xargs" {
			if len(words) > 1 && !strings.HasPrefix(words[1].Value, "-") {
				ok = true
			} else {
				break
			}
		}
		if !ok {
			break
		}
		rest, _ := skipOptions(w, words[1:])
		if len(rest) == 0 {
			break
		}
		v.Peeled = append(v.Peeled, name)
		words = rest
	}
	fillView(&v, words)
	return v
}

// peelWide strips every wrapper and returns the payloads wrappers would run.
func peelWide(words []Word) (View, []Word, []payload) {
	v := View{}
	var pays []payload
	for len(words) > 0 && words[0].Static() {
		name := words[0].Value
		if strings.Contains(name, "/") {
			name = path.Base(name)
			words = append([]Word{{Value: name}}, words[1:]...)
		}
		if name == "command" && len(words) > 1 && (words[1].Value == "-v" || words[1].Value == "-V") {
			break
		}
		w, ok := narrowWrappers[name]
		if !ok {
			w, ok = wideWrappers[name]
		}
		if !ok {
			break
		}
		rest, opts := skipOptions(w, words[1:])
		if name == "env" || name == "sudo" || name == "doas" {
			for len(rest) > 0 && strings.Contains(rest[0].Value, "=") && !strings.HasPrefix(rest[0].Value, "=") {
				rest = rest[1:]
			}
		}
		if s, dyn, found := optionScript(name, words[1:], opts); found {
			pays = append(pays, payload{script: s, dynamic: dyn, origin: name, reason: ReasonDynamicShell})
		}
		if name == "watch" && len(rest) == 1 && strings.ContainsAny(rest[0].Value, " \t;|&") {
			pays = append(pays, payload{script: rest[0].Value, dynamic: !rest[0].Static(), origin: "watch", reason: ReasonDynamicShell})
		}
		if len(rest) == 0 {
			break
		}
		v.Peeled = append(v.Peeled, name)
		words = rest
	}
	if len(words) > 0 && words[0].Value == "git" {
		i := 1
		for i < len(words) && strings.HasPrefix(words[i].Value, "-") {
			if gitArgOpts[words[i].Value] {
				i++
			}
			i++
		}
		if i > 1 && i < len(words) {
			v.Peeled = append(v.Peeled, "git-options")
			words = append([]Word{words[0]}, words[i:]...)
		}
	}
	fillView(&v, words)
	return v, words, append(pays, payloads(words)...)
}

// optionScript finds a script passed as an option value (flock -c, env -S).
func optionScript(name string, words []Word, opts []string) (string, bool, bool) {
	var flag string
	switch name {
	case "flock":
		flag = "-c"
	case "env":
		flag = "-S"
	default:
		return "", false, false
	}
	for i := 0; i+1 < len(words) && i < len(opts); i++ {
		if words[i].Value == flag || (flag == "-c" && words[i].Value == "--command") ||
			(flag == "-S" && words[i].Value == "--split-string") {
			return words[i+1].Value, !words[i+1].Static(), true
		}
	}
	return "", false, false
}

// payloads finds the scripts and commands a peeled command runs: shell -c,
// eval, find -exec.
func payloads(words []Word) []payload {
	if len(words) == 0 || !words[0].Static() {
		return nil
	}
	name := words[0].Value
	switch {
	case shells[name]:
		for i := 1; i < len(words); i++ {
			a := words[i].Value
			if !strings.HasPrefix(a, "-") || strings.HasPrefix(a, "--") {
				if a == "--" || strings.HasPrefix(a, "--") {
					continue
				}
				return []payload{{dynamic: true, origin: name, reason: ReasonShellInput, script: a}}
			}
			if strings.Contains(a[1:], "c") {
				if i+1 >= len(words) {
					return nil
				}
				return []payload{{script: words[i+1].Value, dynamic: !words[i+1].Static(), origin: name + " -c",
					reason: ReasonDynamicShell}}
			}
		}
		// A shell with no -c and no script file reads its script from stdin.
		return []payload{{dynamic: true, origin: name, reason: ReasonShellInput, script: name}}
	case name == "eval":
		var parts []string
		dyn := false
		for _, w := range words[1:] {
			parts = append(parts, w.Value)
			dyn = dyn || w.Dynamic
		}
		return []payload{{script: strings.Join(parts, " "), dynamic: dyn, origin: "eval", reason: ReasonDynamicEval}}
	case name == "find":
		var out []payload
		for i := 1; i < len(words); i++ {
			switch words[i].Value {
			case "-exec", "-execdir", "-ok", "-okdir":
				j := i + 1
				for j < len(words) && words[j].Value != ";" && words[j].Value != "+" {
					j++
				}
				if j > i+1 {
					argv := append([]Word(nil), words[i+1:j]...)
					for k := range argv {
						if strings.Contains(argv[k].Value, "{}") {
							argv[k].Glob = true // the files find visits
						}
					}
					out = append(out, payload{argv: argv, origin: "find " + words[i].Value})
				}
				i = j
			}
		}
		return out
	}
	return nil
}

func fillView(v *View, words []Word) {
	if len(words) == 0 {
		return
	}
	v.Name = words[0].Value
	v.DynamicName = !words[0].Static()
	v.Args = make([]string, len(words)-1)
	parts := make([]string, len(words))
	for i, w := range words {
		parts[i] = w.Value
		if i > 0 {
			v.Args[i-1] = w.Value
		}
	}
	v.Text = strings.Join(parts, " ")
}
