package bashparse

import (
	"sort"
	"strings"
)

// A deny rule names options as its author spelled them, and a program
// reads many spellings as the same options: `rm -rf x`, `rm -fr x`,
// `rm -r -f x`, `rm -R --force x` and `rm x -rf` all remove x recursively
// and by force, and `git push -f` is `git push --force`. Matched as text,
// Bash(rm -rf:*) denied only the first. An OptionForm spells a command's
// options one way — each option its own word under one canonical name, an
// attached or separate value joined with "=", sorted, once each — ahead of
// its operands, so that a deny or ask rule's options can be looked for as
// a subset whatever their spelling, order or place (spec §3: options are
// parsed as the program parses them; §9: short-flag tricks).

// OptionForm is a command's options and operands in their canonical
// spelling (see OptionForm.Text).
type OptionForm struct {
	// Head is the command name and the subcommand words the form's
	// grammar was chosen by ("rm", "git push").
	Head []string
	// Options are the options, each "-x", "--long" or "NAME=value" (the
	// value escaped: see escapeOptionValue), sorted by name then value.
	Options []string
	// Operands are the words that are not options, in order.
	Operands []string
	// Derived are the options among Options that others implied (curl -d's
	// -X=POST): a command has them, a rule does not ask for them.
	Derived []string
}

// OptionFormSep ends the options in an OptionForm's text: it starts no
// option, so a pattern looking for options never reads past it.
const OptionFormSep = "::"

// Text spells the form as one line: head, options, OptionFormSep, operands,
// single-spaced.
func (f OptionForm) Text() string {
	var b strings.Builder
	b.WriteString(strings.Join(f.Head, " "))
	for _, o := range f.Options {
		b.WriteByte(' ')
		b.WriteString(o)
	}
	b.WriteString(" " + OptionFormSep)
	for _, o := range f.Operands {
		b.WriteByte(' ')
		b.WriteString(o)
	}
	return b.String()
}

// OptionFormOf reads a command's words (its name first, as a View gives
// them) with the option grammar of the program, or of its subcommand
// ("git push"), when agentctl knows it, else generically: letters of a
// single-dash word are a cluster of options unless the program takes whole
// words ("find -delete"), a value-taking letter ends the cluster, "--" ends
// the options and options may follow operands. ok is false when the words
// hold no option: no form is needed then.
func OptionFormOf(words []string) (f OptionForm, ok bool) {
	if len(words) == 0 {
		return OptionForm{}, false
	}
	spec, known, head, rest := formHead(words)
	f.Head = head
	var opts []string
	if known {
		opts, f.Operands, f.Derived = spec.read(rest)
	} else {
		opts, f.Operands = genericOptions(words[0], rest)
	}
	if len(opts) == 0 {
		return OptionForm{}, false
	}
	sort.Slice(opts, func(i, j int) bool {
		ki, kj := optionKey(opts[i]), optionKey(opts[j])
		return ki < kj || ki == kj && opts[i] < opts[j]
	})
	f.Options = opts[:0]
	for i, o := range opts {
		if i == 0 || o != opts[i-1] {
			f.Options = append(f.Options, o)
		}
	}
	return f, true
}

// formHead picks the grammar to read words with: a subcommand's when the
// program's first word that is not an option names one agentctl knows
// (under its canonical name: npm i is npm install), or the second when the
// first may be an option's value (kubectl -n ns delete); else the
// program's own; else none. Options before the subcommand are read with
// the rest, since npm, pip and kubectl read them anywhere.
func formHead(words []string) (spec optionFormSpec, known bool, head, rest []string) {
	specs := optionFormSpecs()
	name := words[0]
	tries := 0
	for i := 1; i < len(words) && tries < 2; i++ {
		w := words[i]
		if w == "--" {
			break
		}
		if strings.HasPrefix(w, "-") {
			continue
		}
		tries++
		sub := optionFormSub(name, canonicalSub(name, w))
		if s, ok := specs[name+" "+sub]; ok {
			rest = append(append(make([]string, 0, len(words)), words[1:i]...), words[i+1:]...)
			return s, true, []string{name, sub}, rest
		}
		if !strings.HasPrefix(words[i-1], "-") || i == 1 {
			break // not an option's value: the subcommand is this word or none
		}
	}
	spec, known = specs[name]
	return spec, known, words[:1], words[1:]
}

// optionKey orders options by name, then value: a rule's option without a
// value matches the command's with any value, and stays in the same place
// among the others.
func optionKey(o string) string {
	name, val, _ := strings.Cut(o, "=")
	return name + "\x00" + val
}

// optionFormSpec is a program's option grammar for OptionForm: the names
// it reads (optGrammar, which resolves abbreviated long options) and the
// names that mean the same option.
type optionFormSpec struct {
	g optGrammar
	// alias maps a name as scanned to the canonical names it stands for
	// ("--force" → "-f"; git branch's "-D" → "-d -f").
	alias map[string]string
	// implied derives options from operands (git push's "+ref" forces).
	implied func(operand string) []string
	// signals reads kill's "-9", "-KILL", "-SIGKILL", "-s 9" as one option.
	signals bool
	// normalize rewrites an option's value ("9" → "KILL").
	normalize func(name, value string) string
	// fallback is the option added, as a derived one, when none of the
	// names in it was given (kill sends TERM by default).
	fallback string
	// operand rewrites the operand at an index to its canonical spelling
	// (chmod's mode 0777 → 777).
	operand func(i int, op string) string
	// derive adds the options the given ones imply (curl -d sends a POST:
	// -X=POST), read after aliases and values are canonical.
	derive func(opts []string) []string
}

// read splits words into canonical options and operands.
func (s optionFormSpec) read(words []string) (opts, operands, derived []string) {
	ws := make([]Word, 0, len(words))
	ended := false
	for _, w := range words {
		ended = ended || w == "--"
		if s.signals && !ended {
			if sig, ok := signalWord(w); ok {
				opts = append(opts, "-s="+sig)
				continue
			}
		}
		ws = append(ws, Word{Value: w})
	}
	sc := s.g.scan(ws)
	for _, o := range sc.opts {
		names := o.name
		if a, ok := s.alias[o.name]; ok {
			names = a
		}
		for _, n := range strings.Fields(names) {
			if o.hasValue {
				v := o.value
				if s.normalize != nil {
					v = s.normalize(n, v)
				}
				opts = append(opts, n+"="+escapeOptionValue(v))
			} else {
				opts = append(opts, n)
			}
		}
	}
	idx := sc.operands
	if !s.g.permute {
		idx = idx[:0:0]
		for i := sc.stop; i < len(ws); i++ {
			idx = append(idx, i)
		}
	}
	for k, i := range idx {
		op := ws[i].Value
		if s.operand != nil {
			op = s.operand(k, op)
		}
		operands = append(operands, op)
		if s.implied != nil {
			opts = append(opts, s.implied(ws[i].Value)...)
		}
	}
	if s.derive != nil {
		derived = s.derive(opts)
		opts = append(opts, derived...)
	}
	if s.fallback != "" {
		name, _, _ := strings.Cut(s.fallback, "=")
		given := false
		for _, o := range opts {
			if n, _, _ := strings.Cut(o, "="); n == name {
				given = true
			}
		}
		if !given {
			// Derived, as curl -d's POST is: a rule that names no signal
			// (Bash(pkill -f node:*)) meets the command under any signal.
			opts, derived = append(opts, s.fallback), append(derived, s.fallback)
		}
	}
	return opts, operands, derived
}

// genericOptions reads the words of a program agentctl has no grammar for.
// It may read more options than the program does (a value as options),
// which only lets a deny or ask rule match more.
func genericOptions(prog string, words []string) (opts, operands []string) {
	takes := clusterValueLetters[prog] + operandSpecs[prog].argOpts
	whole := nonClustering[prog] || wholeWordProgram(prog)
words:
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch {
		case w == "--":
			operands = append(operands, words[i+1:]...)
			break words
		case KeyValueOption(prog, w):
			// dd's of=FILE is an option in all but spelling: in any order.
			name, val, _ := strings.Cut(w, "=")
			opts = append(opts, "-"+name+"="+escapeOptionValue(val))
		case len(w) < 2 || w[0] != '-':
			operands = append(operands, w)
		case w[1] == '-':
			name, val, eq := strings.Cut(w, "=")
			if goFlagProgram(prog) && len(name) > 2 {
				name = name[1:] // Go's flag package reads --x as -x
			}
			if eq {
				opts = append(opts, name+"="+escapeOptionValue(val))
			} else {
				opts = append(opts, name)
			}
		case whole || !clusterWord(clusterHead(w, takes)):
			name, val, eq := strings.Cut(w, "=")
			if eq && whole {
				opts = append(opts, name+"="+escapeOptionValue(val))
			} else {
				opts = append(opts, escapeOptionValue(w))
			}
		default:
			for k := 1; k < len(w); k++ {
				c := w[k]
				if strings.IndexByte(takes, c) < 0 {
					opts = append(opts, "-"+string(c))
					continue
				}
				val := w[k+1:]
				if val == "" && i+1 >= len(words) {
					// No value follows (a rule's Bash(ssh -R:*)): the
					// option alone, which meets it with any value.
					opts = append(opts, "-"+string(c))
					break
				}
				if val == "" {
					i++
					val = words[i]
				}
				opts = append(opts, "-"+string(c)+"="+escapeOptionValue(val))
				break
			}
		}
	}
	// A program's aliases for the options it reads generically (gcloud -q
	// is --quiet), each spelled under its canonical name.
	al := genericOptionAliases()[prog]
	for k, o := range opts {
		name, val, eq := strings.Cut(o, "=")
		if c, ok := aliasOf(al, name); ok {
			if eq {
				c += "=" + val
			}
			opts[k] = c
		}
	}
	return opts, operands
}

// clusterHead is a single-dash word up to its first option that takes a
// value, whose value may then be anything ("-fNR80:x:80" → "-fNR": ssh
// reads -f -N -R 80:x:80).
func clusterHead(w, takes string) string {
	for k := 1; k < len(w); k++ {
		if strings.IndexByte(takes, w[k]) >= 0 {
			return w[:k+1]
		}
	}
	return w
}

// clusterWord reports a single-dash word of letters (a cluster of short
// options); "-20" and "-Xmx2g" stay whole.
func clusterWord(w string) bool {
	for i := 1; i < len(w); i++ {
		c := w[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// escapeOptionValue keeps an option one word of the form's text: blanks
// and '%' are percent-escaped.
func escapeOptionValue(v string) string {
	if !strings.ContainsAny(v, " \t\n%") {
		return v
	}
	r := strings.NewReplacer("%", "%25", " ", "%20", "\t", "%09", "\n", "%0A")
	return r.Replace(v)
}

// maxOptionSpellings bounds OptionSpellings: each long option that may take
// the next word doubles them.
const maxOptionSpellings = 8

// OptionSpellings lists the ways a rule's words (name first) may be read
// when agentctl has no grammar for the program: a long option followed by a
// word may take it as its value ("--tag beta" is "--tag=beta") and an
// attached value may stand as the next word ("--tag=beta" is "--tag
// beta"). A rule matched under each spelling meets the command however it
// attaches the value. The words themselves come first; a program with a
// grammar has only them.
func OptionSpellings(words []string) [][]string {
	out := [][]string{words}
	if len(words) == 0 {
		return out
	}
	if _, known, _, _ := formHead(words); known {
		return out
	}
	var sites []int // long options that may be spelled the other way
	for i := 1; i < len(words) && 1<<len(sites) < maxOptionSpellings; i++ {
		w := words[i]
		if w == "--" {
			break
		}
		if !strings.HasPrefix(w, "--") || len(w) < 3 {
			continue
		}
		if strings.Contains(w, "=") || i+1 < len(words) && !strings.HasPrefix(words[i+1], "-") {
			sites = append(sites, i)
		}
	}
	for mask := 1; mask < 1<<len(sites); mask++ {
		alt := make([]string, 0, len(words)+len(sites))
		next := 0
		for k, i := range sites {
			if mask&(1<<k) == 0 {
				continue
			}
			alt = append(alt, words[next:i]...)
			if name, val, eq := strings.Cut(words[i], "="); eq {
				alt = append(alt, name, val)
				next = i + 1
			} else {
				alt = append(alt, words[i]+"="+words[i+1])
				next = i + 2
			}
		}
		out = append(out, append(alt, words[next:]...))
	}
	return out
}

// aliasOf finds a generically read option's canonical name: its own entry,
// else, for a long option, the one entry it is an unambiguous prefix of
// (getopt_long's abbreviations: iptables --flu is --flush).
func aliasOf(al map[string]string, name string) (string, bool) {
	if c, ok := al[name]; ok || !strings.HasPrefix(name, "--") {
		return c, ok
	}
	found, n := "", 0
	for k, c := range al {
		if strings.HasPrefix(k, name) {
			found, n = c, n+1
		}
	}
	return found, n == 1
}
