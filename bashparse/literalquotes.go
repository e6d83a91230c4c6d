package bashparse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Bash does not honour single quotes everywhere the parser accepts them.
// An arithmetic expression ($(( )), $[ ], (( )), for (( )), an array
// subscript, a ${x:off:len} slice) is expanded as if it stood in double
// quotes, where a single quote is an ordinary character: echo $(( '$(rm
// y)' )) runs rm y, and so do a['$(rm y)']=1 and let x=a['$(rm y)']. The
// word of ${x:-w}, ${x:=w} and ${x:+w} inside double quotes or an unquoted
// here-document is the same: echo "${x:-'$(rm y)'}" runs rm y. The parser
// reads those quotes as quotes, so the commands inside were never seen.
//
// literalQuotes finds such quotes and parses what bash expands in them as
// a nested script (deny and ask rules see the commands); what cannot be
// rebuilt faithfully is an unresolved part.

// quoteCtx is how bash reads a single quote where a node stands.
type quoteCtx uint8

const (
	ctxPlain quoteCtx = iota // a quote is a quote
	ctxDbl                   // inside double quotes or a here-document
	ctxArith                 // inside an arithmetic expression
)

// literalQuotes visits root and reports each single-quoted string that
// bash expands instead of quoting. Only sources holding a quote and an
// expansion character can have one.
func (p *parser) literalQuotes(root syntax.Node) {
	if !strings.Contains(p.src, "'") || !strings.ContainsAny(p.src, "$`") {
		return
	}
	p.quoteWalk(root, ctxPlain)
}

// quoteWalk visits n, where single quotes are read as ctx says.
func (p *parser) quoteWalk(n syntax.Node, ctx quoteCtx) {
	if n == nil {
		return
	}
	syntax.Walk(n, func(m syntax.Node) bool {
		switch x := m.(type) {
		case *syntax.SglQuoted:
			if ctx != ctxPlain {
				p.literalQuote(x, ctx)
			}
			return false
		case *syntax.CmdSubst, *syntax.ProcSubst:
			// A substitution is a script of its own: quotes are quotes
			// again inside it.
			p.quoteWalkStmts(x, ctxPlain)
			return false
		case *syntax.DblQuoted:
			if ctx == ctxPlain {
				for _, part := range x.Parts {
					p.quoteWalk(part, ctxDbl)
				}
				return false
			}
		case *syntax.Redirect:
			if x.Hdoc != nil {
				p.quoteWalk(x.Word, ctx)
				p.quoteWalk(x.Hdoc, ctxDbl)
				return false
			}
		case *syntax.ArithmExp:
			p.quoteWalk(x.X, ctxArith)
			return false
		case *syntax.ArithmCmd:
			p.quoteWalk(x.X, ctxArith)
			return false
		case *syntax.CStyleLoop:
			p.quoteWalk(x.Init, ctxArith)
			p.quoteWalk(x.Cond, ctxArith)
			p.quoteWalk(x.Post, ctxArith)
			return false // the body belongs to the for clause
		case *syntax.Assign:
			if x.Index != nil {
				p.quoteWalk(x.Index, ctxArith)
			}
			if x.Value != nil {
				p.quoteWalk(x.Value, ctx)
			}
			if x.Array != nil {
				for _, el := range x.Array.Elems {
					if el.Index != nil {
						p.quoteWalk(el.Index, ctxArith)
					}
					if el.Value != nil {
						p.quoteWalk(el.Value, ctx)
					}
				}
			}
			return false
		case *syntax.ParamExp:
			p.quoteParam(x, ctx)
			return false
		}
		return true
	})
}

// quoteWalkStmts visits the statements of a substitution.
func (p *parser) quoteWalkStmts(n syntax.Node, ctx quoteCtx) {
	var stmts []*syntax.Stmt
	switch x := n.(type) {
	case *syntax.CmdSubst:
		stmts = x.Stmts
	case *syntax.ProcSubst:
		stmts = x.Stmts
	}
	for _, st := range stmts {
		p.quoteWalk(st, ctx)
	}
}

// quoteParam visits the parts of a parameter expansion: its subscript and
// slice are arithmetic; the word of a default-value operator keeps the
// context around it; the quotes of a pattern or replacement word are
// quotes (bash removes them even inside double quotes), though what is
// nested in those words keeps the context.
func (p *parser) quoteParam(x *syntax.ParamExp, ctx quoteCtx) {
	if x.NestedParam != nil {
		p.quoteWalk(x.NestedParam, ctx)
	}
	if x.Index != nil {
		p.quoteWalk(x.Index, ctxArith)
	}
	if x.Slice != nil {
		p.quoteWalk(x.Slice.Offset, ctxArith)
		p.quoteWalk(x.Slice.Length, ctxArith)
	}
	if x.Repl != nil {
		p.quoteWords(ctx, x.Repl.Orig, x.Repl.With)
	}
	if x.Exp != nil && x.Exp.Word != nil {
		if defaultOp(x.Exp.Op) {
			p.quoteWalk(x.Exp.Word, ctx)
		} else {
			p.quoteWords(ctx, x.Exp.Word)
		}
	}
}

// quoteWords visits words whose own single quotes bash honours.
func (p *parser) quoteWords(ctx quoteCtx, words ...*syntax.Word) {
	for _, w := range words {
		if w == nil {
			continue
		}
		for _, part := range w.Parts {
			if _, ok := part.(*syntax.SglQuoted); !ok {
				p.quoteWalk(part, ctx)
			}
		}
	}
}

// defaultOp reports the operators whose word is expanded in the context of
// the expansion: ${x-w} ${x:-w} ${x=w} ${x:=w} ${x+w} ${x:+w}. (The word
// of ${x?w} is only printed, with its quotes removed.)
func defaultOp(op syntax.ParExpOperator) bool {
	switch op {
	case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AssignUnset, syntax.AssignUnsetOrNull,
		syntax.AlternateUnset, syntax.AlternateUnsetOrNull:
		return true
	}
	return false
}

// literalQuote reports a single-quoted string bash expands: what it holds
// is parsed as a nested script in the form bash reads it (an arithmetic
// expansion or a double-quoted word), or, when a backslash or a double
// quote makes that form uncertain, it is an unresolved part.
func (p *parser) literalQuote(q *syntax.SglQuoted, ctx quoteCtx) {
	v := q.Value
	if !strings.ContainsAny(v, "$`\\") {
		return // nothing in it expands
	}
	const origin = "single quotes bash expands"
	if strings.ContainsAny(v, "\\\"") {
		p.unresolved(ReasonDynamicShell, origin+" hold text not rebuilt statically: "+p.text(q), q)
		return
	}
	script := `: "` + v + `"`
	if ctx == ctxArith {
		script = ": $(( " + v + " ))"
	}
	p.payload(payload{script: script, origin: origin, reason: ReasonDynamicShell}, p.span(q), q)
}
