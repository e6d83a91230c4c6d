package bashparse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Unknown marks, in a word's shape, text known only at run time.
const Unknown = "\x00"

// Shapes returns the spellings a dynamic word (its source text, as in
// File.Path) may take: the word after quote removal with each run-time
// part as Unknown ("$D/.bashrc" is "\x00/.bashrc"), and, when a parameter
// expansion carries a default ("${X:-.claude/settings.json}", "${X:=…}",
// "${X:+…}"), the word with that default in its place. A write target like
// these may name a protected file that its source text hides behind quotes
// and braces. It parses the word again, so it is for the rare dynamic
// write target, not for every word.
func Shapes(src string) []string {
	text := ": " + src
	sp := parsers.Get().(*syntax.Parser)
	f, err := sp.Parse(strings.NewReader(text), "")
	parsers.Put(sp)
	if err != nil || len(f.Stmts) != 1 {
		return nil
	}
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) != 2 {
		return nil
	}
	var s shapes
	s.word(call.Args[1])
	return s.list()
}

// shapes builds a word's main shape and the one with defaults in place.
type shapes struct {
	main, alt strings.Builder
	hasAlt    bool
}

func (s *shapes) lit(v string) { s.main.WriteString(v); s.alt.WriteString(v) }

func (s *shapes) unknown() { s.main.WriteString(Unknown); s.alt.WriteString(Unknown) }

// list returns the shapes: the main one, then the one with defaults.
func (s *shapes) list() []string {
	if s.hasAlt {
		return []string{s.main.String(), s.alt.String()}
	}
	return []string{s.main.String()}
}

// word adds the parts of a word.
func (s *shapes) word(w *syntax.Word) {
	for i, part := range w.Parts {
		switch x := part.(type) {
		case *syntax.Lit:
			v := x.Value
			if i == 0 && strings.HasPrefix(v, "~") {
				// ~, ~+, ~user: a directory known at run time.
				s.unknown()
				_, rest, slash := strings.Cut(v, "/")
				if slash {
					s.lit("/" + unescapeUnquoted(rest))
				}
				continue
			}
			s.lit(unescapeUnquoted(v))
		case *syntax.SglQuoted:
			if x.Dollar {
				s.lit(ansiC(x.Value))
			} else {
				s.lit(x.Value)
			}
		case *syntax.DblQuoted:
			for _, dp := range x.Parts {
				if l, ok := dp.(*syntax.Lit); ok {
					s.lit(unescapeDouble(l.Value))
				} else {
					s.part(dp)
				}
			}
		default:
			s.part(part)
		}
	}
}

// part adds one run-time part: Unknown, or a parameter's default word.
func (s *shapes) part(part syntax.WordPart) {
	pe, ok := part.(*syntax.ParamExp)
	if !ok || pe.Exp == nil || pe.Exp.Word == nil {
		s.unknown()
		return
	}
	switch pe.Exp.Op {
	case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AssignUnset, syntax.AssignUnsetOrNull,
		syntax.AlternateUnset, syntax.AlternateUnsetOrNull:
	default:
		s.unknown()
		return
	}
	var d shapes
	d.word(pe.Exp.Word)
	s.main.WriteString(Unknown)
	s.alt.WriteString(d.alt.String())
	s.hasAlt = true
}
