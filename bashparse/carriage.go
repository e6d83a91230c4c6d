package bashparse

import "strings"

// ReasonCarriageReturn: the script holds a carriage return. bash reads it
// as an ordinary character of a word, while mvdan.cc/sh reads it as a
// blank (and "\r\n" as "\n"): "echo x\r# ; rm -rf d" runs rm in bash
// ("x\r#" is one word, no comment starts) but parsed as one echo and a
// comment. The script is parsed with each carriage return made a word
// character, so that deny and ask rules see the commands bash runs; the
// words' values then differ from bash's, so nothing is approved.
const ReasonCarriageReturn Reason = "carriage-return"

// crStandIn replaces a carriage return before parsing: a byte mvdan.cc/sh
// keeps inside a word, as bash keeps the carriage return, and one byte so
// that offsets and spans do not move.
const crStandIn = "\x01"

// carriageReturns returns src with its carriage returns made word
// characters, recording the change as unresolved at span; src unchanged
// when it has none.
func (p *parser) carriageReturns(src string, span Span) string {
	if !strings.Contains(src, "\r") {
		return src
	}
	p.out.Unresolved = append(p.out.Unresolved, Unresolved{Reason: ReasonCarriageReturn,
		Text: "a carriage return is part of a word in bash, a blank to the parser", Span: span})
	return strings.ReplaceAll(src, "\r", crStandIn)
}
