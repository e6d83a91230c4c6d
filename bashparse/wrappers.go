package bashparse

import (
	"path"
	"strings"
)

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
	// ranPaths are the command names written as paths, before they were
	// cut to their base name: the files run (programMentions).
	ranPaths []string
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
			out.ranPaths = append(out.ranPaths, name)
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
			out.files = append(out.files, File{Path: o.value, Access: Write, Via: name + " " + o.name, Dynamic: o.dynamic,
				Glob: optGlob(words[1:], o)})
		}
		for _, o := range sc.values(w.reads...) {
			out.files = append(out.files, File{Path: o.value, Access: Read, Via: name + " " + o.name, Dynamic: o.dynamic,
				Glob: optGlob(words[1:], o)})
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
		if name == "env" && sc.has(envExecOptions...) {
			out.exec = true
		}
		if split := sc.values(w.split...); len(split) > 0 {
			splices++
			var spliced []Word
			for _, o := range split {
				ws, ok := envSplit(o.value)
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
	if vw := withoutFinalEndOfOptions(words); sameWords(vw, narrowWords) && narrow != nil {
		out.view.Name, out.view.DynamicName, out.view.Args, out.view.Text = narrow.Name, narrow.DynamicName, narrow.Args, narrow.Text
		out.view.Quoted = narrow.Quoted
	} else {
		fillView(&out.view, vw, sl)
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
