package bashparse

import (
	"errors"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// parsers reuses mvdan parsers; a Parser is not safe for concurrent use, the pool is.
var parsers = sync.Pool{New: func() any {
	return syntax.NewParser(syntax.Variant(syntax.LangBash))
}}

// Parse analyses a Bash command string. It never panics and never returns a
// half-truth: whatever could not be analysed is listed in Unresolved.
// It is safe for concurrent use.
func Parse(src string) Analysis { return parseInto(src, nil, nil) }

func parseInto(src string, table *Table, buf []Command) Analysis {
	a := Analysis{Source: src}
	if len(src) > MaxLength {
		a.Unresolved = append(a.Unresolved, Unresolved{Reason: ReasonTooLong,
			Text: "command is longer than 10000 characters", Span: Span{End: len(src), Line: 1, Col: 1}})
		if len(src) > MaxParsed {
			return a
		}
	}
	p := &parser{src: src, out: &a, st: &shellState{}, table: table, capHint: commandsHint(src)}
	if w := min(wordsHint(src), slabMax); w > 0 {
		p.st.sl.wordHint, p.st.sl.argHint = w, max(w-p.capHint, 1)
	}
	if cap(buf) >= p.capHint {
		a.Commands = buf[:0]
	}
	p.run(src, nil)
	p.hashedAnywhere()
	if len(a.Commands) == 0 {
		a.Commands = nil
	}
	return a
}

// commandsHint guesses how many simple commands src holds, from the bytes
// that can start one (separators, pipes, substitutions): a Command is half
// a kilobyte, and growing the slice one doubling at a time copied more
// than the parse itself allocated. Too many costs a little memory; too few
// only regrows.
func commandsHint(src string) int {
	n := 1
	for i := 0; i < len(src); i++ {
		switch c := src[i]; c {
		case ';', '\n', '`', '(':
			n++
		case '&', '|':
			switch {
			case i+1 < len(src) && (src[i+1] == c || c == '|' && src[i+1] == '&'):
				i++ // && || |&: one separator
			case c == '&' && (i > 0 && (src[i-1] == '>' || src[i-1] == '<') || i+1 < len(src) && src[i+1] == '>'):
				continue // >& <& &>: a redirection
			}
			n++
		}
	}
	return min(n, 64)
}

// parser walks one script. Nested payloads (bash -c, eval) get their own
// parser sharing the same Analysis.
type parser struct {
	src string
	// timed counts the enclosing "time" keywords: the reference CLI asks
	// for a read-only command run under time, so its commands are not
	// read-only (rules still see through it).
	timed  int
	out    *Analysis
	depth  int
	outer  *Span // for nested scripts: the span of the command that runs them
	origin string
	// st is the shell state commands change for those after them (cd,
	// hash -p); nested payloads share it.
	st *shellState
	// table is the command table beyond the core list (nil: core only).
	table *Table
	// capHint is the capacity the command list starts with (commandsHint).
	capHint int
	// stdin is the here-document or here-string text of the command being
	// emitted (stdinBody).
	stdin string
	// piped is the text a pipe's statically known left side writes, by the
	// statement it feeds (notePipe).
	piped map[*syntax.Stmt]string
	// opts caches the options the script may turn on (shellopts.go).
	opts optionBits
}

func (p *parser) run(src string, outer *Span) {
	crSpan := Span{End: len(src), Line: 1, Col: 1}
	if outer != nil {
		crSpan = *outer
	}
	src = p.carriageReturns(src, crSpan)
	f, err := parseScript(src)
	if err != nil {
		pe := &ParseError{Line: 1, Col: 1, Text: err.Error()}
		var se syntax.ParseError
		if errors.As(err, &se) {
			pe = &ParseError{Line: int(se.Pos.Line()), Col: int(se.Pos.Col()), Text: se.Text, Incomplete: se.Incomplete}
		}
		span := Span{Offset: 0, End: len(src), Line: pe.Line, Col: pe.Col}
		if outer != nil {
			span = *outer
		} else {
			p.out.Err = pe
		}
		p.out.Unresolved = append(p.out.Unresolved, Unresolved{Reason: ReasonParseError,
			Text: pe.Error(), Span: span})
		p.salvage(src, span)
		if p.walkArithFallback(src, span) {
			return
		}
		if mended, g := p.mendUnclosedHdoc(src, se); g != nil {
			p.src = mended
			p.walkFile(mended, g)
			return
		}
		if f := p.linesBefore(src, pe.Line); f != nil {
			p.walkFile(src, f)
		}
		return
	}
	if mended, g := p.mendHdocEnds(src, f, crSpan); g != f {
		src, f, p.src = mended, g, mended
	}
	if mended, g := p.mendDeclQuotes(src, f); g != f {
		// Same length, and the words' text is read from p.src.
		src, f, p.src = mended, g, mended
	}
	p.walkFile(src, f)
}

func (p *parser) walkFile(src string, f *syntax.File) {
	p.noteOptions(src)
	if strings.ContainsAny(src, "$`") || strings.Contains(src, "read") || strings.Contains(src, "mapfile") {
		p.collectComputed(f)
	}
	if strings.Contains(src, "${") || strings.Contains(src, "$") && (strings.Contains(src, "set") || strings.Contains(src, "(") ||
		strings.Contains(src, "function") || strings.Contains(src, "]=") || strings.Contains(src, "]+=")) {
		p.collectParams(f)
	}
	if mayAssign(src) {
		p.collectVars(f)
		if strings.Contains(src, "printf") || strings.Contains(src, "read") || strings.ContainsAny(src, "$`") {
			p.collectSetterValues(f)
		}
		if strings.Contains(src, "declare") || strings.Contains(src, "local") || strings.Contains(src, "typeset") || strings.Contains(src, "nameref") {
			p.collectNamerefs(f)
		}
	}
	p.walk(f)
	p.literalQuotes(f)
	p.intDeclWords(f)
}

// linesBefore parses the lines of src before line (1-based), or returns nil
// when there are none or they do not parse on their own. Bash runs a
// script's complete commands one by one and meets a syntax error only when
// it reaches that line: bash -c $'rm -rf b\nfi' removes b first. The
// commands it would run are walked so that deny and ask rules see them; the
// parse error stays unresolved, so nothing is approved.
func (p *parser) linesBefore(src string, line int) *syntax.File {
	end := 0
	for n := 1; n < line; n++ {
		i := strings.IndexByte(src[end:], '\n')
		if i < 0 {
			return nil
		}
		end += i + 1
	}
	if end == 0 {
		return nil
	}
	f, err := parseScript(src[:end])
	if err != nil {
		return nil
	}
	return f
}

// parseScript parses src as bash reads it (bashComments: a backslash
// ending a comment is a character) with a pooled parser.
func parseScript(src string) (*syntax.File, error) {
	sp := parsers.Get().(*syntax.Parser)
	defer parsers.Put(sp)
	return sp.Parse(strings.NewReader(bashComments(src)), "")
}

// mayAssign reports a script that may hold what collectVars looks for: an
// assignment needs "=", a loop "for" or "select" (spelled whole: a backslash
// that could split the keyword across lines keeps the walk), a value read
// at run time one of the setters (read, mapfile, printf -v, getopts, wait
// -p, let; unset and readarray contain "set" and "read").
func mayAssign(src string) bool {
	return strings.ContainsAny(src, "=\\") || strings.Contains(src, "for") || strings.Contains(src, "select") ||
		strings.Contains(src, "read") || strings.Contains(src, "mapfile") || strings.Contains(src, "printf") ||
		strings.Contains(src, "getopts") || strings.Contains(src, "wait") || strings.Contains(src, "let") ||
		strings.Contains(src, "set")
}

func (p *parser) span(n syntax.Node) Span {
	if p.outer != nil {
		return *p.outer
	}
	s, e := n.Pos(), n.End()
	return Span{Offset: int(s.Offset()), End: int(e.Offset()), Line: int(s.Line()), Col: int(s.Col())}
}

// source is n's text in the source parsed, or "" when its offsets do not
// fit the source (what matters is compared, never assumed: see sourceText).
func (p *parser) source(n syntax.Node) string {
	s, e := int(n.Pos().Offset()), int(n.End().Offset())
	if s < 0 || e > len(p.src) || s > e {
		return ""
	}
	return p.src[s:e]
}

func (p *parser) unresolved(r Reason, text string, n syntax.Node) {
	p.out.Unresolved = append(p.out.Unresolved, Unresolved{Reason: r, Text: text, Span: p.span(n)})
}

// walk visits every node, emitting a Command for each simple command wherever
// it stands: lists, pipelines, subshells, groups, substitutions, loops,
// conditions, function bodies, here-documents.
func (p *parser) walk(root syntax.Node) {
	depth := 0
	// stack holds, for each open node, whether it nests (bit 0) and
	// whether it is a time clause (bit 1).
	var stack []uint8
	syntax.Walk(root, func(n syntax.Node) bool {
		if n == nil {
			if len(stack) > 0 {
				top := stack[len(stack)-1]
				if top&1 != 0 {
					depth--
				}
				if top&2 != 0 {
					p.timed--
				}
				stack = stack[:len(stack)-1]
			}
			return true
		}
		nests := false
		var mark uint8
		p.subscriptTaint(n)
		switch x := n.(type) {
		case *syntax.TimeClause:
			p.timed++
			mark |= 2
		case *syntax.CmdSubst, *syntax.ProcSubst, *syntax.Subshell, *syntax.Block, *syntax.FuncDecl:
			nests = true
			if depth+p.depth >= MaxDepth {
				p.unresolved(ReasonTooDeep, "nesting deeper than the analysis limit", n)
				return false
			}
			if cs, ok := x.(*syntax.CmdSubst); ok {
				p.unresolved(ReasonCommandSubst, "the output of "+p.text(cs)+" becomes words of the command", n)
			}
		case *syntax.BinaryCmd:
			p.notePipe(x)
		case *syntax.Stmt:
			p.stmt(x)
		case *syntax.Lit:
			return false
		case *syntax.Word:
			if quietWord(x) {
				return false // nothing inside runs
			}
		case *syntax.TestClause, *syntax.ArithmCmd, *syntax.ArithmExp, *syntax.LetClause:
			p.arithmStrings(n)
			p.arithTaint(n)
		case *syntax.Assign:
			if p.st.intDecl && x.Value != nil {
				p.arithTaint(x.Value) // declare -i: the value is arithmetic
			}
		case *syntax.CStyleLoop:
			p.arithTaint(x.Init)
			p.arithTaint(x.Cond)
			p.arithTaint(x.Post)
		case *syntax.ParamExp:
			if x.Index != nil {
				p.arithTaint(x.Index)
			}
			if x.Slice != nil {
				p.arithTaint(x.Slice.Offset)
				p.arithTaint(x.Slice.Length)
			}
			if promptExpansion(x) {
				p.unresolved(ReasonDynamicShell, "a prompt expansion (@P) runs the command substitutions of a value: "+p.text(x), n)
			}
		case *syntax.ForClause:
			p.loopVariable(x)
			p.loopListings(x)
		case *syntax.ExtGlob:
			if zshQualifier(x) {
				p.unresolved(ReasonDynamicShell, "a zsh glob qualifier runs code: "+x.Op.String()+x.Pattern.Value+")", n)
			}
		}
		if nests {
			depth++
			mark |= 1
		}
		stack = append(stack, mark)
		return true
	})
}

// quietWord reports a word of literal text and quotes only: no command,
// parameter or arithmetic inside, so the walk need not enter it.
func quietWord(w *syntax.Word) bool {
	for _, part := range w.Parts {
		switch x := part.(type) {
		case *syntax.Lit, *syntax.SglQuoted:
		case *syntax.DblQuoted:
			for _, q := range x.Parts {
				if _, ok := q.(*syntax.Lit); !ok {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// stmt emits the command of a statement (and its redirections).
func (p *parser) stmt(st *syntax.Stmt) {
	var redirs []Redirect
	for _, r := range st.Redirs {
		if r.Word == nil {
			continue
		}
		op := r.Op.String()
		if r.Op == syntax.Hdoc || r.Op == syntax.DashHdoc || r.Op == syntax.WordHdoc {
			continue
		}
		rd := Redirect{Op: op, Target: p.word(r.Word)}
		if r.N != nil {
			rd.Fd = r.N.Value
		}
		redirs = append(redirs, rd)
	}
	switch c := st.Cmd.(type) {
	case *syntax.CallExpr:
		words := p.st.sl.wordList(len(c.Args))
		for i, w := range c.Args {
			words[i] = p.word(w)
		}
		var assigns []Assign
		for _, as := range c.Assigns {
			assigns = append(assigns, p.assign(as))
		}
		p.arrayListings(c.Assigns)
		p.stdin = p.stdinBody(st)
		p.emit(c, words, assigns, redirs, st.Background)
		p.stdin = ""
	case *syntax.DeclClause:
		p.arrayListings(c.Args)
		words := []Word{{Value: c.Variant.Value}}
		var assigns []Assign
		for _, as := range c.Args {
			if as.Naked && as.Name == nil && as.Value != nil {
				words = append(words, p.word(as.Value))
				continue
			}
			a := p.assign(as)
			assigns = append(assigns, a)
			words = append(words, Word{Value: a.Name + "=" + a.Value, Dynamic: a.Dynamic})
		}
		cmd := p.emit(c, words, nil, redirs, st.Background)
		cmd.Assigns = assigns
		if exports(words) {
			cmd.Files = append(cmd.Files, assignFiles(assigns)...)
		}
		cmd.Files = append(cmd.Files, histfileWrites(assigns)...)
		cmd.ReadOnly = len(c.Args) == 0 && len(redirs) == 0 && bareDeclReadOnly(c.Variant.Value)
		// export/declare/typeset/local/readonly set variables as a leading
		// assignment does (and export them): GIT_EDITOR, PS4, LD_PRELOAD …
		// name programs or code whoever reads them later runs.
		span := cmd.Span
		for _, pay := range append(assignPayloads(assigns), configPayloads(assigns, exports(words))...) {
			p.payload(pay, span, c)
		}
		for _, pay := range declArrayPayloads(c.Variant.Value, assigns) {
			p.payload(pay, span, c)
		}
	case *syntax.TestClause:
		p.emit(c, p.testClauseWords(c), nil, redirs, st.Background)
	case nil:
		if len(redirs) > 0 {
			p.emit(st, nil, nil, redirs, st.Background)
		}
	default:
		if len(redirs) > 0 {
			// Redirections of a compound command ({ …; } > f, while …; done < f).
			p.emit(st, nil, nil, redirs, st.Background)
		}
	}
}

// arithmStrings looks inside [[ ]], (( )), $(( )) and let for quoted
// strings with array subscripts: bash evaluates a[$(cmd)] there.
func (p *parser) arithmStrings(n syntax.Node) {
	syntax.Walk(n, func(m syntax.Node) bool {
		if w, ok := m.(*syntax.Word); ok {
			for _, pay := range p.stringPayloads([]Word{p.word(w)}, nil) {
				p.payload(pay, p.span(n), n)
			}
			return false
		}
		return true
	})
}

func (p *parser) assign(as *syntax.Assign) Assign {
	a := Assign{}
	if as.Name != nil {
		a.Name = as.Name.Value
	}
	if as.Value != nil {
		w := p.word(as.Value)
		a.Value, a.Dynamic = w.Value, w.Dynamic
	}
	if as.Array != nil || as.Index != nil {
		a.Dynamic = true
	}
	return a
}
