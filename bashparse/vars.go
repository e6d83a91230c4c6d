package bashparse

import (
	"strings"

	"github.com/agentctl/agentctl/internal/lazyre"

	"mvdan.cc/sh/v3/syntax"
)

// Variables set to a literal in the same command (D=.git, for d in .git
// .claude, declare D=.git) are candidates for what a later $D names: a file
// word built from them (echo x > $D/hooks/pre-commit) gets, besides its
// dynamic self, one file per candidate spelling. Only facts are added:
// the word stays dynamic, so nothing is approved that was not before.

const (
	maxVarValues = 16 // candidates kept per variable
	maxSpellings = 16 // spellings made from one word
)

// collectVars records every literal assignment and for/select word list
// of a script before it is walked (a loop body may use what is assigned
// after it in the text, on its second turn).
func (p *parser) collectVars(root syntax.Node) {
	syntax.Walk(root, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.Assign:
			if x.Name != nil && (x.Append || x.Value == nil && !x.Naked || x.Array != nil || x.Index != nil) {
				p.st.taint(x.Name.Value)
			}
			if x.Name != nil && x.Append && x.Array == nil {
				p.st.markOverflow(x.Name.Value) // d=.gi; d+=t: a value no candidate spells
			}
			if x.Name != nil && x.Value != nil && x.Array == nil && x.Index == nil {
				if w := p.word(x.Value); literal(w) {
					p.st.addVar(x.Name.Value, w.Value)
					p.st.arithLiteral(x.Name.Value, w.Value)
				} else if arithmOnly(x.Value) && !x.Append {
					p.st.taintNum(x.Name.Value) // n=$((…)) holds a number
				} else if p.st.taint(x.Name.Value); x.Name.Value == "CDPATH" {
					p.unspelledValue(x.Name.Value, w)
					p.st.cdpathUnknown = true
				} else {
					p.st.copyVar(x.Name.Value, w)
					p.unspelledValue(x.Name.Value, w)
				}
			} else if x.Name != nil && x.Name.Value == "CDPATH" {
				p.st.cdpathUnknown = true
			}
		case *syntax.ForClause:
			if x.Select {
				p.st.implicitTaints("select")
			}
			if wi, ok := x.Loop.(*syntax.WordIter); ok && wi.Name != nil {
				if !wi.InPos.IsValid() {
					p.st.loopOverPositional(wi.Name.Value) // for x; do: over "$@"
				}
				for _, it := range wi.Items {
					if w := p.word(it); literal(w) {
						p.st.addVar(wi.Name.Value, w.Value)
						p.st.arithLiteral(wi.Name.Value, w.Value)
					} else {
						p.st.taint(wi.Name.Value)
						p.st.loopOverList(wi.Name.Value, p.source(it))
						if !wholeList.MatchString(strings.Trim(p.source(it), `"`)) {
							p.unspelledValue(wi.Name.Value, w)
						}
					}
				}
			}
		default:
			p.st.varTaints(n)
		}
		return true
	})
}

func (s *shellState) addVar(name, value string) {
	if s.vars == nil {
		s.vars = map[string][]string{}
	}
	for _, v := range s.vars[name] {
		if v == value {
			return
		}
	}
	if len(s.vars[name]) < maxVarValues {
		s.vars[name] = append(s.vars[name], value)
	} else {
		s.markOverflow(name)
	}
}

var simpleParam = lazyre.New(`\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))`)

// varWitnesses spells each dynamic file word with the literal values its
// plain $NAME and ${NAME} parts may hold.
func (s *shellState) varWitnesses(files []File) []File {
	var out []File
	for _, f := range files {
		if !f.Dynamic || !strings.ContainsAny(f.Path, "$`") {
			continue
		}
		first, known := knownSubsts(strings.ReplaceAll(f.Path, `"`, ""))
		spellings := []string{first}
		ok := known || len(s.vars) > 0
		for _, m := range simpleParam.FindAllStringSubmatch(spellings[0], -1) {
			name := m[1] + m[2]
			vals := s.varValues(name)
			if len(vals) == 0 || len(spellings)*len(vals) > maxSpellings {
				ok = false
				break
			}
			var next []string
			for _, sp := range spellings {
				i := strings.Index(sp, m[0])
				for _, v := range vals {
					next = append(next, sp[:i]+v+sp[i+len(m[0]):])
				}
			}
			spellings = next
		}
		if !ok {
			continue
		}
		if !strings.Contains(f.Path, `"`) {
			spellings = s.splitFields(spellings)
		}
		for _, sp := range spellings {
			if strings.ContainsAny(sp, "$`'\\") || sp == "" {
				continue
			}
			out = append(out, File{Path: sp, Access: f.Access, Via: f.Via, Glob: hasGlobChar(sp),
				Tilde: strings.HasPrefix(sp, "~")})
		}
	}
	return out
}

// literal: a word whose value is known (a leading ~ is the home directory,
// expanded in assignments too).
func literal(w Word) bool { return !w.Dynamic && !w.Glob && !w.Brace }

var cmdSubst = lazyre.New("\\$\\(([^()`$]*)\\)|`([^`$()]*)`")

// knownSubsts replaces the command substitutions whose output is known
// without running anything: echo and printf of literals, pwd, and git
// rev-parse's paths into the repository (--git-dir, --git-common-dir,
// --absolute-git-dir, --git-path X, --show-toplevel), relative to the
// shell's directory. It reports whether one was replaced.
func knownSubsts(p string) (string, bool) {
	replaced := false
	out := cmdSubst.ReplaceAllStringFunc(p, func(m string) string {
		sub := cmdSubst.FindStringSubmatch(m)
		if v, ok := substOutput(strings.Fields(strings.ReplaceAll(sub[1]+sub[2], "'", ""))); ok {
			replaced = true
			return v
		}
		return m
	})
	return out, replaced
}

func substOutput(f []string) (string, bool) {
	if len(f) == 0 {
		return "", false
	}
	switch {
	case f[0] == "echo":
		if len(f) > 1 && f[1] == "-n" {
			f = f[1:]
		}
		return strings.Join(f[1:], " "), true
	case f[0] == "printf" && len(f) > 1:
		if f[1] == "%s" {
			return strings.Join(f[2:], ""), true
		}
		if !strings.Contains(f[1], "%") {
			return strings.TrimSuffix(f[1], `\n`), true
		}
	case f[0] == "pwd" && len(f) == 1:
		return ".", true
	case f[0] == "git" && len(f) >= 3 && f[1] == "rev-parse":
		switch f[2] {
		case "--git-dir", "--git-common-dir", "--absolute-git-dir":
			return ".git", true
		case "--show-toplevel":
			return ".", true
		case "--git-path":
			if len(f) == 4 {
				return ".git/" + f[3], true
			}
		}
	}
	return pathSubstOutput(f)
}
