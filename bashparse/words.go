package bashparse

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// word converts a syntax word to its value after quote removal, marking
// everything that is only known at run time.
func (p *parser) word(w *syntax.Word) Word {
	out := p.wordValue(w)
	if t := p.text(w); t != out.Value {
		out.src = t // quoted, escaped or continued: allow rules see it as written
	}
	return out
}

// escapedBlank reports a word whose source escapes a blank with a
// backslash (a\ b, origin\<newline>): the reference CLI asks before
// running such a command, however harmless it reads, so it is not
// read-only here either.
func escapedBlank(words []Word) bool {
	for _, w := range words {
		if w.src != "" && (strings.Contains(w.src, "\\ ") || strings.Contains(w.src, "\\\t") || strings.Contains(w.src, "\\\n")) {
			return true
		}
	}
	return false
}

// wordValue is the value of w (see Word.Value).
func (p *parser) wordValue(w *syntax.Word) Word {
	if len(w.Parts) == 1 {
		// Most words are one plain literal: its value is the source text.
		if l, ok := w.Parts[0].(*syntax.Lit); ok && !strings.HasPrefix(l.Value, "~") &&
			strings.IndexByte(l.Value, '\\') < 0 && !hasGlobChar(l.Value) && strings.IndexByte(l.Value, '{') < 0 {
			return Word{Value: l.Value}
		}
	}
	var sb, pat strings.Builder // pat: the value as a glob pattern (globquote.go)
	out := Word{}
	tailFrom := 0 // the static tail starts after the last run-time part
	add := func(v string) { sb.WriteString(v); pat.WriteString(globQuoter.Replace(v)) }
	dynamic := func() { out.Dynamic = true; tailFrom = sb.Len() }
	for i, part := range w.Parts {
		switch x := part.(type) {
		case *syntax.Lit:
			v := x.Value
			if i == 0 && strings.HasPrefix(v, "~") {
				if v == "~" || strings.HasPrefix(v, "~/") {
					out.Tilde = true
				} else {
					// ~+ ($PWD), ~- ($OLDPWD), ~user: a directory known only at
					// run time; what follows it is the static tail.
					_, rest, slash := strings.Cut(v, "/")
					dynamic()
					if slash {
						add("/" + unescapeUnquoted(rest))
					}
					continue
				}
			}
			if hasGlobChar(v) {
				out.Glob = true
			}
			if strings.Contains(v, "{") && (strings.Contains(v, ",") || strings.Contains(v, "..")) {
				out.Brace = true
			}
			sb.WriteString(unescapeUnquoted(v))
			pat.WriteString(globUnquoted(v))
		case *syntax.SglQuoted:
			if x.Dollar {
				add(ansiC(x.Value))
			} else {
				add(x.Value)
			}
		case *syntax.DblQuoted:
			for _, dp := range x.Parts {
				if l, ok := dp.(*syntax.Lit); ok {
					add(unescapeDouble(l.Value))
				} else {
					dynamic()
				}
			}
		case *syntax.ExtGlob:
			// @(…), !(…), *(…), +(…), ?(…) match within one path segment:
			// as a file pattern, "*" covers every one of them.
			out.Glob = true
			sb.WriteString(extGlobCover(x.Pattern.Value))
			pat.WriteString(extGlobCover(x.Pattern.Value))
		case *syntax.BraceExp:
			out.Brace = true
		default:
			dynamic()
		}
	}
	if l, ok := w.Parts[0].(*syntax.Lit); ok && out.Glob && len(w.Parts) == 1 && !isPattern(l.Value) {
		// A lone "[" (the test builtin) or a[b: a bracket no "]" closes is
		// literal to bash, not a pattern.
		out.Glob = false
	}
	if !out.Brace && len(w.Parts) > 1 && openBrace(w) {
		// A brace expansion may span quoted and unquoted parts: bash
		// reads {r"m",x} as rm x, {r$%m,x} as r$%m x.
		cp := *w
		out.Brace = syntax.SplitBraces(&cp)
	}
	if out.Glob && !out.Dynamic && !out.Brace {
		// [[:alpha:]], [[=e=]] and [!x] in terms the matchers know.
		g := plainBrackets(pat.String())
		if p.nocaseglob() {
			g = foldGlobCase(g)
		}
		out.Value = g
		return out
	}
	if out.Dynamic || out.Brace {
		if out.Dynamic {
			out.Tail = sb.String()[tailFrom:]
		}
		out.Value = p.text(w)
	} else {
		out.Value = sb.String()
	}
	return out
}

// text returns the source text of a node.
func (p *parser) text(n syntax.Node) string {
	s, e := int(n.Pos().Offset()), int(n.End().Offset())
	if s < 0 || e > len(p.src) || s > e {
		return ""
	}
	return p.src[s:e]
}

// isPattern reports an unquoted literal that bash matches as a glob: a
// "*" or "?", or a "[" with a "]" after it (an unclosed bracket is
// literal). Escaped characters are literal.
func isPattern(s string) bool {
	open := false
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '*', '?':
			return true
		case '[':
			open = true
		case ']':
			if open {
				return true
			}
		}
	}
	return false
}

func hasGlobChar(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '*', '?', '[':
			return true
		}
	}
	return false
}

// unescapeUnquoted removes backslashes from an unquoted literal:
// "\x" is "x" and a backslash-newline disappears.
func unescapeUnquoted(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			if s[i] == '\n' {
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// unescapeDouble handles the backslashes that are special inside "…".
func unescapeDouble(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			switch s[i+1] {
			case '$', '`', '"', '\\':
				i++
			case '\n':
				i++
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// openBrace reports an unquoted literal part of w holding "{".
func openBrace(w *syntax.Word) bool {
	for _, part := range w.Parts {
		if l, ok := part.(*syntax.Lit); ok && strings.IndexByte(l.Value, '{') >= 0 {
			return true
		}
	}
	return false
}

// ansiC decodes the body of a $'…' string.
func ansiC(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch c := s[i]; c {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'e', 'E':
			b.WriteByte(0x1b)
		case 'f':
			b.WriteByte('\f')
		case 'c':
			// \cX is control-X (\c@ is NUL).
			if i+1 < len(s) {
				i++
				if s[i] == '\\' && i+1 < len(s) && s[i+1] == '\\' {
					i++ // $'\c\\' is control-backslash: bash takes both
				}
				if s[i] == '?' {
					b.WriteByte(0x7f)
				} else {
					b.WriteByte(s[i] & 0x1f)
				}
			} else {
				b.WriteString("\\c")
			}
		case 'v':
			b.WriteByte('\v')
		case 'x', 'u', 'U', '0', '1', '2', '3', '4', '5', '6', '7':
			if c == 'x' && i+1 < len(s) && s[i+1] == '{' {
				v, next := braceHex(s, i+2)
				b.WriteByte(v)
				i = next - 1
				continue
			}
			j, base, max := i+1, 16, 2
			switch c {
			case 'u':
				max = 4
			case 'U':
				max = 8
			case 'x':
			default:
				j, base, max = i, 8, 3
			}
			k := j
			for k < len(s) && k-j < max && strings.IndexByte("0123456789abcdefABCDEF"[:map[int]int{8: 8, 16: 22}[base]], s[k]) >= 0 {
				k++
			}
			if k == j {
				b.WriteByte('\\')
				b.WriteByte(c)
				continue
			}
			n, _ := strconv.ParseUint(s[j:k], base, 32)
			if c == 'u' || c == 'U' {
				b.WriteRune(rune(n))
			} else {
				b.WriteByte(byte(n))
			}
			i = k - 1
		case '\\', '\'', '"', '?':
			b.WriteByte(c)
		default:
			// bash keeps the backslash of an escape it does not know:
			// $'l\s' is the four bytes l\s, not ls.
			b.WriteByte('\\')
			b.WriteByte(c)
		}
	}
	// bash keeps a $'…' string as a C string: a NUL ends it ($'rm\0x'
	// is rm).
	out := b.String()
	if k := strings.IndexByte(out, 0); k >= 0 {
		out = out[:k]
	}
	return out
}

// hasValuePrefix reports an option word with an attached value: v is
// name=… (without building the string name+"=").
func hasValuePrefix(v, name string) bool {
	return len(v) > len(name) && v[len(name)] == '=' && v[:len(name)] == name
}
