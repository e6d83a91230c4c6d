package bashparse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Unknown marks, in a word's shape, text known only at run time.
const Unknown = "\x00"

// shapes builds the spellings a dynamic word may take: the word after
// quote removal with each run-time part as Unknown ("$D/.bashrc" is
// "\x00/.bashrc"), and, when a parameter expansion carries a default
// ("${X:-.claude/settings.json}", "${X:=…}", "${X:+…}"), the word with
// that default in its place. A write target like these may name a
// protected file the word's source text hides behind quotes and braces.
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

// shapePart adds one run-time part of a word.
func (p *parser) shapePart(s *shapes, part syntax.WordPart) {
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
	s.main.WriteString(Unknown)
	s.hasAlt = true
	d := p.word(pe.Exp.Word)
	switch {
	case len(d.Shapes) > 0:
		s.alt.WriteString(d.Shapes[len(d.Shapes)-1])
	case d.Dynamic || d.Brace:
		s.alt.WriteString(Unknown)
	default:
		s.alt.WriteString(d.Value)
	}
}
