package bashparse

import "mvdan.cc/sh/v3/syntax"

// A [[ … ]] conditional is a command of its own: the reference runs
// [[ -d src ]] and [[ a == b ]] without asking, as it runs [ -d src ], and
// asks for [[ -n "$HOME" ]] && echo y, whose test expands a parameter. The
// parser walked inside it (substitutions, arithmetic subscripts) but gave
// it no command, so a lone test asked and a test expanding a parameter
// beside a read-only command was approved with it. It is emitted as the
// command [[ with its operators and operands as words: test and [ name
// files without opening them, and so does [[.

// testClauseWords spells a conditional as the words of a command.
func (p *parser) testClauseWords(t *syntax.TestClause) []Word {
	words := []Word{{Value: "[["}}
	var add func(x syntax.TestExpr)
	add = func(x syntax.TestExpr) {
		switch e := x.(type) {
		case *syntax.Word:
			words = append(words, p.word(e))
		case *syntax.UnaryTest:
			words = append(words, Word{Value: e.Op.String()})
			add(e.X)
		case *syntax.BinaryTest:
			add(e.X)
			words = append(words, Word{Value: e.Op.String()})
			add(e.Y)
		case *syntax.ParenTest:
			words = append(words, Word{Value: "("})
			add(e.X)
			words = append(words, Word{Value: ")"})
		}
	}
	add(t.X)
	return append(words, Word{Value: "]]"})
}

// bracketParam reports a [ or [[ test that expands a parameter ($HOME
// too): the reference asks for [ -n "$HOME" ] (it runs test -n "$HOME").
func bracketParam(c *Command) bool {
	if c.Narrow.Name != "[" && c.Narrow.Name != "[[" {
		return false
	}
	for _, w := range c.Words {
		if w.Dynamic {
			return true
		}
	}
	return false
}
