package bashparse

import (
	"strings"

	"github.com/agentctl/agentctl/internal/lazyre"
	"mvdan.cc/sh/v3/syntax"
)

// A declaration builtin (export, declare, typeset, local, readonly) reads
// each of its arguments as NAME=VALUE after quote removal, so
// export "GIT_PAGER=rm" and declare 'PS4=$(rm x)' assign exactly as the
// unquoted forms do. The parser only makes an assignment of a word whose
// name is unquoted: the quoted form was an opaque argument, past every
// check of what an assignment to PATH, PS4, BASH_ENV or GIT_* may run.
// declQuotes moves the opening quote of such an argument after its "="
// ("NAME=$v" → NAME="$v", same length, so every position stays), and the
// script is parsed again; a spelling the move cannot mend (G"IT_PAGER=x",
// "NAME"=x) is an unresolved part.

// declName matches the NAME=, NAME+= or NAME[SUBSCRIPT]= an argument
// starts with (declare "BASH_CMDS[ls]=.bin/rm" binds ls as unquoted).
var declName = lazyre.New(`^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=`)

// declQuotes returns src with the quoted assignments of f's declarations
// rewritten (changed reports one), and the arguments it could not mend.
func (p *parser) declQuotes(src string, f *syntax.File) (out string, changed bool, odd []*syntax.Word) {
	var buf []byte
	syntax.Walk(f, func(n syntax.Node) bool {
		d, ok := n.(*syntax.DeclClause)
		if !ok {
			return true
		}
		for _, a := range d.Args {
			if a.Name != nil || a.Value == nil || len(a.Value.Parts) == 0 {
				continue
			}
			off, quote, name, ok := quotedDeclName(a.Value.Parts[0])
			if !ok || off+len(quote)+len(name) > len(src) || src[off:off+len(quote)] != quote {
				// A dynamic word keeps its quotes in its value.
				if declName.MatchString(strings.NewReplacer(`"`, "", `'`, "", `\`, "").Replace(p.word(a.Value).Value)) {
					odd = append(odd, a.Value)
				}
				continue
			}
			if buf == nil {
				buf = []byte(src)
			}
			copy(buf[off:], name)
			copy(buf[off+len(name):], quote)
			changed = true
		}
		return true
	})
	if !changed {
		return src, false, odd
	}
	return string(buf), true, odd
}

// quotedDeclName reads a word's first part that opens with a quote and
// holds NAME= at its start: the quote's offset and spelling, and NAME=.
func quotedDeclName(part syntax.WordPart) (int, string, string, bool) {
	switch q := part.(type) {
	case *syntax.SglQuoted:
		if m := declName.FindString(q.Value); m != "" {
			return int(q.Left.Offset()), quoteOpen("'", q.Dollar), m, true
		}
	case *syntax.DblQuoted:
		if len(q.Parts) == 0 {
			return 0, "", "", false
		}
		if lit, ok := q.Parts[0].(*syntax.Lit); ok {
			if m := declName.FindString(lit.Value); m != "" && !strings.Contains(m, "\\") {
				return int(q.Left.Offset()), quoteOpen(`"`, q.Dollar), m, true
			}
		}
	}
	return 0, "", "", false
}

// quoteOpen is how a quote opens: ' or ", after a $ for $'…' and $"…".
func quoteOpen(q string, dollar bool) string {
	if dollar {
		return "$" + q
	}
	return q
}

// mendDeclQuotes parses src again with the "!" of a negated subshell
// read as a glob blanked (negatedSubshells), the builtin and command words
// before a declaration blanked (declWrappers) and its quoted declaration
// assignments unquoted (declQuotes), and reports what it could not mend;
// it returns the script to walk.
func (p *parser) mendDeclQuotes(src string, f *syntax.File) (string, *syntax.File) {
	if strings.Contains(src, "!(") {
		if out, changed := negatedSubshells(src, f); changed {
			src, f = p.reparse(src, f, out)
		}
	}
	if strings.ContainsAny(src, `"'\\`) || strings.Contains(src, "builtin") || strings.Contains(src, "command") {
		if out, changed := p.declWrappers(src, f); changed {
			src, f = p.reparse(src, f, out)
		}
	}
	if !strings.ContainsAny(src, `"'`) {
		return src, f
	}
	out, changed, odd := p.declQuotes(src, f)
	for _, w := range odd {
		p.unresolved(ReasonProgramConfig, "a quoted declaration argument assigns a variable: "+p.word(w).Value, w)
	}
	if !changed {
		return src, f
	}
	return p.reparse(src, f, out)
}

// reparse parses the mended script out in place of src. A mended script
// that does not parse leaves src as it was, and the part the mending was
// for (an assignment or a subshell bash would run) unresolved: the
// original spelling hides it from every check.
func (p *parser) reparse(src string, f *syntax.File, out string) (string, *syntax.File) {
	g, err := parseScript(out)
	if err != nil {
		p.unresolved(ReasonParseError, "a rewritten spelling of the script does not parse: "+err.Error(), f)
		return src, f
	}
	return out, g
}
