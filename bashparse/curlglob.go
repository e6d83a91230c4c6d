package bashparse

import (
	"path"
	"strings"
)

// maxCurlGlobWords bounds the words one curl glob expands to; past it the
// alternatives of each {…} set are matched as "*".
const maxCurlGlobWords = 256

// curlGlobs lists the files curl's own URL rules make of its words. curl
// expands {a,b} sets and [x-y] ranges in each URL and in the -T/
// --upload-file value (curl(1), "globbing"), after the shell and unseen by
// it: curl "file:///p/.e[n-n]v" prints .env and curl -T "{.env,x}" URL
// uploads it, though no word spells .env. Each such word is added as the
// words curl reads — sets expanded, a range as "*" — so a Read deny that
// one of them could match is met (spec §3: a denied path named anywhere,
// or a glob that could match one, fails closed). Only file: URLs and
// upload values are expanded: a network URL's path names no file here.
// curl also reads file://localhost/P and file://127.0.0.1/P as the local
// file P, and is told so here. -g/--globoff turns the globbing off; it is not looked for, since the
// extra words only ever make the decision stricter.
func curlGlobs(inner []Word, files []File) (reads, named []File) {
	if len(inner) == 0 || path.Base(inner[0].Value) != "curl" {
		return nil, nil
	}
	for _, f := range files {
		if !strings.HasPrefix(f.Via, "curl -T") && !strings.HasPrefix(f.Via, "curl --upload-file") ||
			!strings.ContainsAny(f.Path, "{[") {
			continue
		}
		for _, v := range curlGlobWords(f.Path) {
			g := f
			g.Path, g.Glob = v, g.Glob || strings.Contains(v, "*")
			reads = append(reads, g)
		}
	}
	var known knownAccess
	var cands []string
	for _, a := range inner[1:] {
		v := a.Value
		if i := strings.Index(v, "="); strings.HasPrefix(v, "--url=") && i > 0 {
			v = v[i+1:]
		}
		lv := strings.ToLower(v)
		if !strings.HasPrefix(lv, "file:") {
			continue
		}
		local := false
		for _, h := range []string{"file://localhost/", "file://127.0.0.1/"} {
			if strings.HasPrefix(lv, h) {
				v, local = "file:///"+v[len(h):], true
			}
		}
		if !local && !strings.ContainsAny(v, "{[") {
			continue
		}
		for _, w := range curlGlobWords(v) {
			named, cands = appendWordFiles(named, &known, cands, Word{Value: w, Glob: strings.Contains(w, "*")}, "curl")
		}
	}
	return reads, named
}

// curlGlobWords expands curl's glob in w: each [x-y] range becomes "*",
// each {a,b} set its alternatives (sets do not nest in curl).
func curlGlobWords(w string) []string {
	var b strings.Builder
	for i := 0; i < len(w); i++ {
		if w[i] == '\\' && i+1 < len(w) {
			b.WriteString(w[i : i+2])
			i++
			continue
		}
		if w[i] == '[' {
			if j := strings.IndexByte(w[i:], ']'); j > 0 {
				b.WriteByte('*')
				i += j
				continue
			}
		}
		b.WriteByte(w[i])
	}
	return curlSets(b.String())
}

// curlSets expands the {a,b} sets of s, left to right.
func curlSets(s string) []string {
	i := strings.IndexByte(s, '{')
	if i < 0 {
		return []string{s}
	}
	j := strings.IndexByte(s[i:], '}')
	if j < 0 {
		return []string{s}
	}
	j += i
	alts, rest := strings.Split(s[i+1:j], ","), curlSets(s[j+1:])
	if len(alts)*len(rest) > maxCurlGlobWords {
		alts = []string{"*"}
	}
	out := make([]string, 0, len(alts)*len(rest))
	for _, a := range alts {
		for _, r := range rest {
			out = append(out, s[:i]+a+r)
		}
	}
	return out
}
