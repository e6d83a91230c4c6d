package bashparse

import "strings"

// optGrammar is a program's option grammar as its own getopt_long reads it,
// so that an attached value (-Sx, --opt=v), an optional value that never
// swallows the next word (xargs -i, env --block-signal) and an abbreviated
// long option (--split for --split-string) are read the way the program reads
// them. Short options use getopt's notation: "k:" takes a value (attached or
// the next word), "e::" an optional value that is only ever attached. Long
// options end in "=" (value required, "--opt v" or "--opt=v"), "?" (optional,
// only "--opt=v") or nothing (a flag).
type optGrammar struct {
	short string
	long  []string
	// permute: options may follow operands (GNU's default); false for
	// programs that stop at their first operand ("+" in the getopt string),
	// which is every command runner: its payload starts there.
	permute bool
	// numeric: "-NUM" is an option (nice -10, head -5).
	numeric bool
}

// opt is one option as the program read it.
type opt struct {
	name     string // "-x" or the full "--long" name
	value    string
	hasValue bool
	word     int // index of the word holding the value (or the option)
	dynamic  bool
}

// optScan is the result of reading a word list with a grammar.
type optScan struct {
	opts     []opt
	operands []int // indexes of the words that are not options
	// stop is the index of the first word after the options when the
	// grammar does not permute (len(words) when every word was an option).
	stop int
	// unsure is set when an option is unknown or ambiguous: where the
	// operands start is then a guess.
	unsure bool
}

// has reports whether the option was given (by its canonical name).
func (s optScan) has(names ...string) bool {
	for _, o := range s.opts {
		for _, n := range names {
			if o.name == n {
				return true
			}
		}
	}
	return false
}

// values lists the values given to the named options, in order.
func (s optScan) values(names ...string) []opt {
	var out []opt
	for _, o := range s.opts {
		for _, n := range names {
			if o.name == n && o.hasValue {
				out = append(out, o)
			}
		}
	}
	return out
}

// shortKind says whether c is a short option of g and whether it takes a
// value: 0 unknown, 1 flag, 2 required value, 3 optional attached value.
func (g optGrammar) shortKind(c byte) int {
	i := strings.IndexByte(g.short, c)
	if i < 0 || c == ':' {
		return 0
	}
	if strings.HasPrefix(g.short[i+1:], "::") {
		return 3
	}
	if i+1 < len(g.short) && g.short[i+1] == ':' {
		return 2
	}
	return 1
}

// longKind resolves a long option name (without "--") as getopt_long does:
// an exact name, else a unique prefix. It returns the canonical name and its
// kind (0 unknown or ambiguous, 1 flag, 2 required value, 3 optional value).
func (g optGrammar) longKind(name string) (string, int) {
	kind := func(spec string) (string, int) {
		switch {
		case strings.HasSuffix(spec, "="):
			return strings.TrimSuffix(spec, "="), 2
		case strings.HasSuffix(spec, "?"):
			return strings.TrimSuffix(spec, "?"), 3
		}
		return spec, 1
	}
	var found []string
	for _, l := range g.long {
		n, _ := kind(l)
		if n == name {
			return kind(l)
		}
		if strings.HasPrefix(n, name) {
			found = append(found, l)
		}
	}
	if len(found) == 1 {
		return kind(found[0])
	}
	return name, 0
}

// scan reads words with the grammar. Unknown options are kept as flags and
// make the scan unsure.
func (g optGrammar) scan(words []Word) optScan {
	s := optScan{stop: len(words)}
	i := 0
	for ; i < len(words); i++ {
		w := words[i]
		v := w.Value
		if v == "--" {
			i++
			break
		}
		if !strings.HasPrefix(v, "-") || v == "-" || w.Dynamic && strings.HasPrefix(v, "$") {
			if !g.permute {
				break
			}
			s.operands = append(s.operands, i)
			continue
		}
		if strings.HasPrefix(v, "--") {
			name, val, eq := strings.Cut(v[2:], "=")
			canon, k := g.longKind(name)
			o := opt{name: "--" + canon, word: i, dynamic: w.Dynamic}
			switch {
			case k == 0:
				s.unsure = true
				if eq {
					o.value, o.hasValue = val, true
				}
			case eq && k == 1:
				s.unsure = true // a flag given a value: the program rejects it
			case eq:
				o.value, o.hasValue = val, true
			case k == 2 && i+1 < len(words):
				i++
				o.value, o.hasValue, o.word, o.dynamic = words[i].Value, true, i, words[i].Dynamic
			}
			s.opts = append(s.opts, o)
			continue
		}
		if g.numeric && isNumber(strings.TrimLeft(v[1:], "+-")) {
			s.opts = append(s.opts, opt{name: "-NUM", value: v[1:], hasValue: true, word: i})
			continue
		}
		for j := 1; j < len(v); j++ {
			c := v[j]
			o := opt{name: "-" + string(c), word: i, dynamic: w.Dynamic}
			switch g.shortKind(c) {
			case 0:
				s.unsure = true
			case 2:
				if j+1 < len(v) {
					o.value, o.hasValue = v[j+1:], true
				} else if i+1 < len(words) {
					i++
					o.value, o.hasValue, o.word, o.dynamic = words[i].Value, true, i, words[i].Dynamic
				}
				s.opts = append(s.opts, o)
				j = len(v)
				continue
			case 3:
				if j+1 < len(v) {
					o.value, o.hasValue = v[j+1:], true
				}
				s.opts = append(s.opts, o)
				j = len(v)
				continue
			}
			s.opts = append(s.opts, o)
		}
	}
	if !g.permute || i >= len(words) {
		s.stop = i
	}
	if g.permute {
		for ; i < len(words); i++ {
			s.operands = append(s.operands, i)
		}
	}
	return s
}

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
