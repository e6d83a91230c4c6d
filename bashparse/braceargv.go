package bashparse

import (
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// Brace expansion makes words before any program reads them: find . -name x
// -{delete,print} hands find -delete and -print, git log HEAD --{output=F,}
// hands git --output=F, find . -exec {rm,-v} {} \; runs rm -v. The option
// checks (read-only tables, power options, find's actions, the payloads)
// compare static words, and a brace word is not one. So a command with a
// brace word is also spelled the way bash expands it, as a nested command
// every check reads: deny and ask rules, the read-only tables, the
// prefix-rule power checks and the protected paths see the words the
// program gets. The spelling is kept where it can matter: a word that
// expands to an option, a command name spelled with braces, and find,
// whose actions take commands ({rm,-rf} after -exec).

// braceWitness returns inner with each unquoted brace word replaced by the
// words bash expands it to, as a payload; ok is false when no word has a
// brace expansion, or one cannot be expanded statically (its words are then
// asked for by the file and option checks as before). option names a brace
// word that expands to a word beginning with "-": the program's options
// are spelled by the expansion, which no allow rule approves (the witness
// is nested, and only deny and ask rules and the file checks read it).
func braceWitness(inner []Word) (pay payload, option string, ok bool) {
	has := false
	for _, w := range inner {
		if w.Brace && !w.Dynamic {
			has = true
			break
		}
	}
	if !has {
		return payload{}, "", false
	}
	argv := make([]Word, 0, len(inner)+4)
	for _, w := range inner {
		if !w.Brace || w.Dynamic {
			argv = append(argv, w)
			continue
		}
		src := w.src
		if src == "" {
			src = w.Value
		}
		vals, ok := braceWords(src)
		if !ok {
			return payload{}, "", false
		}
		for _, v := range vals {
			if v[0] == '-' && option == "" {
				option = src
			}
			argv = append(argv, Word{Value: v, Glob: hasGlobChar(v), Tilde: strings.HasPrefix(v, "~")})
		}
	}
	return payload{argv: argv, origin: "brace expansion"}, option, true
}

// braceWords expands one brace word's source text to the literal words
// bash makes of it (empty ones dropped, as bash drops them).
func braceWords(src string) ([]string, bool) {
	if !braceBounded(src) {
		return nil, false
	}
	sp := parsers.Get().(*syntax.Parser)
	var w *syntax.Word
	var err error
	for x, e := range sp.WordsSeq(strings.NewReader(src)) {
		w, err = x, e
		break // the first word is the whole word, or none is
	}
	parsers.Put(sp)
	if err != nil || w == nil || w.End().Offset() != uint(len(src)) || !syntax.SplitBraces(w) {
		return nil, false
	}
	var out []string
	for e, err := range expand.BracesSeq(nil, w) {
		if err != nil {
			return nil, false
		}
		v, ok := quotedLit(e)
		if !ok {
			return nil, false
		}
		if v != "" {
			out = append(out, v)
		}
	}
	return out, len(out) > 0
}
