package bashparse

import (
	"strconv"
	"strings"

	"github.com/agentctl/agentctl/internal/lazyre"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// maxBraceWords bounds the words one brace expansion may stand for.
const maxBraceWords = 256

// braceSeq finds the sequence expressions of a brace word ({1..9}).
var braceSeq = lazyre.New(`\{(-?[0-9]+)\.\.(-?[0-9]+)(?:\.\.-?[0-9]+)?\}`)

// braceFiles lists the files a brace word expands to. A file operand
// spelled with braces ({.env,x}, .{e,}nv) is known before the shell runs:
// brace expansion reads no state. The word stays as it is (not static:
// asks); each expansion is added as the file it names, so a deny rule on
// one of them denies (spec §3: a word that resolves to a denied path is
// that access).
func braceFiles(files []File) []File {
	var out []File
	for _, f := range files {
		if !f.Dynamic || !strings.Contains(f.Path, "{") || strings.ContainsAny(f.Path, "$`") || !braceBounded(f.Path) {
			continue
		}
		out = append(out, braceExpansions(f)...)
	}
	return out
}

// braceExpansions lists the files one brace word expands to (braceFiles).
// Its own function: the expansion loop's body captures the list, which
// would otherwise be allocated for every command, braces or not.
func braceExpansions(f File) []File {
	var out []File
	sp := parsers.Get().(*syntax.Parser)
	var w *syntax.Word
	var err error
	for x, e := range sp.WordsSeq(strings.NewReader(f.Path)) {
		w, err = x, e
		break // the first word is the whole word, or none is
	}
	parsers.Put(sp)
	if err != nil || w == nil || w.End().Offset() != uint(len(f.Path)) || !syntax.SplitBraces(w) {
		return nil
	}
	for e, err := range expand.BracesSeq(nil, w) {
		if err != nil {
			break
		}
		v, ok := quotedLit(e)
		if !ok || v == "" || v == f.Path {
			continue
		}
		g := hasGlobChar(v)
		if g {
			v = plainBrackets(v)
		}
		out = append(out, File{Path: v, Access: f.Access, Via: f.Via, Glob: g || f.Glob,
			Tilde: strings.HasPrefix(v, "~"), WalkRoot: f.WalkRoot})
	}
	return out
}

// braceBounded reports a brace word small enough to expand: the product
// of its alternatives (counted generously) and of its sequences stays
// within maxBraceWords.
func braceBounded(p string) bool {
	n := 1
	for _, m := range braceSeq.FindAllStringSubmatch(p, -1) {
		a, err1 := strconv.Atoi(m[1])
		b, err2 := strconv.Atoi(m[2])
		if err1 != nil || err2 != nil {
			return false
		}
		span := a - b
		if span < 0 {
			span = -span
		}
		if n *= span + 1; n > maxBraceWords {
			return false
		}
	}
	for i := 0; i < len(p); i++ {
		if p[i] != '{' {
			continue
		}
		end := strings.IndexByte(p[i:], '}')
		if end < 0 {
			break
		}
		if n *= strings.Count(p[i:i+end], ",") + 1; n > maxBraceWords {
			return false
		}
	}
	return true
}

// quotedLit is the value of a word made of literals and quotes only
// (.e"nv" is .env); ok is false for any other part.
func quotedLit(w *syntax.Word) (string, bool) {
	if v := w.Lit(); v != "" || len(w.Parts) == 0 {
		return unescapeUnquoted(v), true
	}
	var sb strings.Builder
	for _, part := range w.Parts {
		switch x := part.(type) {
		case *syntax.Lit:
			sb.WriteString(unescapeUnquoted(x.Value))
		case *syntax.SglQuoted:
			if x.Dollar {
				sb.WriteString(ansiC(x.Value))
			} else {
				sb.WriteString(x.Value)
			}
		case *syntax.DblQuoted:
			for _, dp := range x.Parts {
				l, ok := dp.(*syntax.Lit)
				if !ok {
					return "", false
				}
				sb.WriteString(unescapeDouble(l.Value))
			}
		default:
			return "", false
		}
	}
	return sb.String(), true
}
