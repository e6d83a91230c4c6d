package bashparse

import (
	"regexp"
	"strings"

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
			if x.Name != nil && x.Value != nil && x.Array == nil && x.Index == nil {
				if w := p.word(x.Value); literal(w) {
					p.st.addVar(x.Name.Value, w.Value)
				}
			}
		case *syntax.ForClause:
			if wi, ok := x.Loop.(*syntax.WordIter); ok && wi.Name != nil {
				for _, it := range wi.Items {
					if w := p.word(it); literal(w) {
						p.st.addVar(wi.Name.Value, w.Value)
					}
				}
			}
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
	}
}

var simpleParam = regexp.MustCompile(`\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))`)

// varWitnesses spells each dynamic file word with the literal values its
// plain $NAME and ${NAME} parts may hold.
func (s *shellState) varWitnesses(files []File) []File {
	if len(s.vars) == 0 {
		return nil
	}
	var out []File
	for _, f := range files {
		if !f.Dynamic || !strings.Contains(f.Path, "$") {
			continue
		}
		spellings := []string{strings.ReplaceAll(f.Path, `"`, "")}
		ok := true
		for _, m := range simpleParam.FindAllStringSubmatch(spellings[0], -1) {
			name := m[1] + m[2]
			vals := s.vars[name]
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
