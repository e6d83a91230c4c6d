package bashparse

import (
	"errors"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// ReasonHeredocEnd: a here-document ends earlier in bash 5.2 than in
// mvdan.cc/sh, so that lines the parser reads as text are commands bash
// runs. Two rules of bash's differ:
//
//   - an unquoted document's lines ending in a backslash are joined before
//     bash compares a line with the delimiter ("EO\" then "F" is "EOF"),
//     while the parser never lets a line after an escaped newline end it;
//   - inside $( ), <( ) and >( ), a line that starts with the delimiter and
//     holds a ")" ends the document, the rest of the line read again as
//     script (make_here_document's "backwards compatibility" case): in
//     echo $(cat <<'EOF' / EOF) / rm -rf d / EOF / ) bash runs rm.
//
// The script is parsed again as bash reads it, so that deny and ask rules
// see the commands bash runs; the words' text then differs from the
// command's, so nothing is approved.
const ReasonHeredocEnd Reason = "heredoc-end"

// maxHdocMends bounds how many here-documents are read again.
const maxHdocMends = 8

// mendHdocEnds returns src and f re-read as bash reads their
// here-documents, recording each document that ends earlier in bash as
// unresolved at span; src and f unchanged when none does.
func (p *parser) mendHdocEnds(src string, f *syntax.File, span Span) (string, *syntax.File) {
	if !strings.Contains(src, "<<") || !strings.Contains(src, "\\\n") && !strings.Contains(src, "(") {
		return src, f
	}
	for range maxHdocMends {
		at, n, repl := hdocBashEnd(src, f)
		if at < 0 {
			return src, f
		}
		p.out.Unresolved = append(p.out.Unresolved, Unresolved{Reason: ReasonHeredocEnd,
			Text: "a here-document ends earlier in bash than in the parser: " + strings.TrimSpace(repl), Span: span})
		mended := src[:at] + repl + src[at+n:]
		g, err := parseScript(mended)
		if err != nil {
			// What follows the early end often fails to parse (the
			// parser's closing ")" is a syntax error to bash), but bash
			// runs the complete commands before it.
			var se syntax.ParseError
			if !errors.As(err, &se) {
				return src, f
			}
			if g = p.linesBefore(mended, int(se.Pos.Line())); g == nil {
				return src, f
			}
			return mended, g
		}
		src, f = mended, g
	}
	return src, f
}

// hdocBashEnd finds the first here-document of f whose body holds a line
// bash ends it at and the parser does not. It returns that line's offset
// in src, its length and what bash reads in its place: the delimiter on a
// line of its own, then the rest of the line as script. at is -1 when
// there is none.
func hdocBashEnd(src string, f *syntax.File) (at, n int, repl string) {
	var subst [][2]int
	var redirs []*syntax.Redirect
	syntax.Walk(f, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.CmdSubst:
			if !x.Backquotes {
				subst = append(subst, [2]int{int(x.Pos().Offset()), int(x.End().Offset())})
			}
		case *syntax.ProcSubst:
			subst = append(subst, [2]int{int(x.Pos().Offset()), int(x.End().Offset())})
		case *syntax.Redirect:
			if (x.Op == syntax.Hdoc || x.Op == syntax.DashHdoc) && x.Hdoc != nil && x.Word != nil {
				redirs = append(redirs, x)
			}
		}
		return true
	})
	at = -1
	for _, r := range redirs {
		stop, quoted, ok := hdocStop(r.Word)
		if !ok || stop == "" && !inSubstAt(subst, int(r.Pos().Offset())) {
			continue
		}
		inSubst := inSubstAt(subst, int(r.Pos().Offset()))
		if quoted && !inSubst {
			continue // no joins, no early end
		}
		start, end := int(r.Hdoc.Pos().Offset()), int(r.Hdoc.End().Offset())
		if start > end || end > len(src) {
			continue
		}
		start = hdocBodyStart(src, start, int(r.Word.End().Offset()))
		l, ln, lr := bashStopLine(src, start, end, stop, !quoted, inSubst, r.Op == syntax.DashHdoc)
		if l >= 0 && (at < 0 || l < at) {
			at, n, repl = l, ln, lr
		}
	}
	return at, n, repl
}

// inSubstAt reports whether offset pos lies inside one of the spans.
func inSubstAt(spans [][2]int, pos int) bool {
	for _, s := range spans {
		if s[0] < pos && pos < s[1] {
			return true
		}
	}
	return false
}

// hdocStop returns a here-document delimiter as bash compares it (the
// word with its quotes removed) and whether any of it is quoted (then bash
// neither expands nor joins the body); ok is false when the word is not a
// plain or quoted literal.
func hdocStop(w *syntax.Word) (stop string, quoted, ok bool) {
	var b strings.Builder
	for _, part := range w.Parts {
		switch x := part.(type) {
		case *syntax.Lit:
			if strings.ContainsRune(x.Value, '\\') {
				quoted = true
				b.WriteString(strings.ReplaceAll(x.Value, "\\", ""))
				continue
			}
			b.WriteString(x.Value)
		case *syntax.SglQuoted:
			quoted = true
			b.WriteString(x.Value)
		case *syntax.DblQuoted:
			quoted = true
			for _, q := range x.Parts {
				l, isLit := q.(*syntax.Lit)
				if !isLit {
					return "", true, false
				}
				b.WriteString(l.Value)
			}
		default:
			return "", true, false
		}
	}
	return b.String(), quoted, true
}

// hdocBodyStart returns the start of the line where bash begins reading a
// body the parser placed at pos: the parser's position skips lines it
// joined, so the lines ending in a backslash before it are read again, but
// never the line of the operator (which ends after wordEnd).
func hdocBodyStart(src string, pos, wordEnd int) int {
	first := len(src)
	if wordEnd <= len(src) {
		if i := strings.IndexByte(src[wordEnd:], '\n'); i >= 0 {
			first = wordEnd + i + 1
		}
	}
	start := strings.LastIndexByte(src[:pos], '\n') + 1
	for start > first && start >= 2 && src[start-2] == '\\' {
		start = strings.LastIndexByte(src[:start-1], '\n') + 1
	}
	return max(start, min(first, pos))
}

// bashStopLine reads src[start:end] line by line as bash reads a
// here-document (when join: a backslash escapes the next byte and a
// backslash newline is removed; <<- strips the line's leading tabs) and
// returns the first line bash ends the document at and the parser does
// not — a joined line equal to stop, or inside a substitution a line
// starting with stop and holding ")" — as its offset, length and
// replacement; -1 when there is none.
func bashStopLine(src string, start, end int, stop string, join, inSubst, tabs bool) (int, int, string) {
	var b strings.Builder
	for ls := start; ls < end; {
		b.Reset()
		joins := 0
		i := ls
		for i < len(src) && src[i] != '\n' {
			if join && src[i] == '\\' && i+1 < len(src) {
				if src[i+1] == '\n' {
					joins++
					i += 2
					continue
				}
				b.WriteByte(src[i])
				i++
			}
			b.WriteByte(src[i])
			i++
		}
		if i >= len(src) {
			return -1, 0, ""
		}
		line := b.String()
		cmp := line
		if tabs {
			cmp = strings.TrimLeft(cmp, "\t")
		}
		pad := strings.Repeat(" ", 2*joins)
		switch rest, ok := strings.CutPrefix(cmp, stop); {
		case ok && rest == "" && joins > 0:
			return ls, i + 1 - ls, stop + "\n" + pad
		case ok && inSubst && strings.Contains(rest, ")"):
			return ls, i + 1 - ls, stop + "\n" + rest + "\n" + pad
		}
		ls = i + 1
	}
	return -1, 0, ""
}

// mendUnclosedHdoc reads again a script the parser rejected because a
// here-document never ends, when bash ends it inside a substitution at a
// line starting with the delimiter and holding ")": echo $(cat <<EOF /
// body / EOF) / rm -rf d is a valid script to bash, which runs rm. It
// returns the script as bash reads it and the commands bash runs before
// any later syntax error, or f nil. The parse error stays unresolved.
func (p *parser) mendUnclosedHdoc(src string, se syntax.ParseError) (string, *syntax.File) {
	stop, ok := strings.CutPrefix(se.Text, "unclosed here-document `")
	if !ok || !strings.HasSuffix(stop, "`") {
		return src, nil
	}
	stop = strings.TrimSuffix(stop, "`")
	off := int(se.Pos.Offset())
	if off > len(src) {
		return src, nil
	}
	i := strings.IndexByte(src[off:], '\n')
	if i < 0 {
		return src, nil
	}
	for ls := off + i + 1; ls < len(src); {
		le := len(src)
		if j := strings.IndexByte(src[ls:], '\n'); j >= 0 {
			le = ls + j
		}
		line := strings.TrimLeft(src[ls:le], "\t")
		if rest, ok := strings.CutPrefix(line, stop); ok && strings.Contains(rest, ")") {
			mended := src[:ls] + stop + "\n" + rest + src[le:]
			p.out.Unresolved = append(p.out.Unresolved, Unresolved{Reason: ReasonHeredocEnd,
				Text: "a here-document ends earlier in bash than in the parser: " + stop + "\n" + rest,
				Span: Span{End: len(src), Line: 1, Col: 1}})
			g, err := parseScript(mended)
			if err == nil {
				return mended, g
			}
			var me syntax.ParseError
			if !errors.As(err, &me) {
				return src, nil
			}
			return mended, p.linesBefore(mended, int(me.Pos.Line()))
		}
		ls = le + 1
	}
	return src, nil
}
