package bashparse

import "strings"

// unparsedVia names the stand-in command of a script that did not parse.
const unparsedVia = "<unparsed>"

// salvage records, for a script mvdan could not parse, one stand-in
// command (in Analysis.Salvaged, never among the commands) whose mentions
// are the script's words as a loose split finds them. bash accepts scripts mvdan rejects (cat .env; x[1] runs cat: x[1]
// is a glob word to bash, a broken assignment to mvdan), so a parse error
// is not proof that nothing runs: every word may name a file a command of
// it opens, reads or writes (spec §3, "a denied path named anywhere fails
// closed"; §6, protected paths). Deny and ask path rules and protected
// paths see them; the parse error itself stays unresolved.
func (p *parser) salvage(src string, span Span) {
	words := looseWords(src)
	if len(words) == 0 {
		return
	}
	ms := dynamicNameMentions(append([]Word{{Value: unparsedVia, Dynamic: true}}, words...), nil)
	if len(ms) == 0 {
		return
	}
	for i := range ms {
		ms[i].Via = unparsedVia
		if ms[i].Access != Read {
			ms[i].MayWrite = true
		}
	}
	v := View{Name: unparsedVia, DynamicName: true, Text: unparsedVia}
	p.out.Salvaged = append(p.out.Salvaged, Command{Span: span, Narrow: v, Wide: v, Nested: true,
		Origin: "unparsed script", Dir: p.st.dir, DirAlts: p.st.alts(), DirUnknown: p.st.dirUnknown, DirGuess: p.st.dirGuess, Mentions: ms})
}

// looseWords splits a script that did not parse into the words it may hold:
// at blanks and the shell's operators; each piece once with its quotes and
// backslashes removed (.e""nv is .env) and, when it has quotes, once as
// written (inline programs: open('.bashrc','w')).
func looseWords(src string) []Word {
	var out []Word
	for _, piece := range strings.FieldsFunc(src, func(r rune) bool {
		switch r {
		case ' ', '\t', '\n', '\r', ';', '&', '|', '(', ')', '<', '>', '`':
			return true
		}
		return false
	}) {
		plain := strings.NewReplacer(`"`, "", `'`, "", `\`, "").Replace(piece)
		if plain == "" {
			continue
		}
		w := Word{Value: plain, Glob: strings.ContainsAny(plain, "*?["), Tilde: plain[0] == '~',
			Brace: strings.Contains(plain, "{") && strings.Contains(plain, "}")}
		if i := strings.LastIndexByte(plain, '$'); i >= 0 {
			w.Dynamic = true
			if j := strings.IndexByte(plain[i:], '/'); j >= 0 {
				w.Tail = plain[i+j:]
			}
		}
		out = append(out, w)
		if plain != piece {
			out = append(out, Word{Value: piece, Dynamic: strings.Contains(piece, "$")})
		}
	}
	return out
}
