package engine

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/gobwas/glob"
)

// The native evaluator: the built-in Rego stages (rego/*.rego) ported to Go
// over the same rule index (compileRules) and the same facts. The Rego
// modules stay the definition; this file and native_*.go must give
// byte-identical decisions, which the differential tests check (every
// corpus decided both ways, FuzzNativeDifferential).

// nativeRule is one entry of the rule index: a ruleData with its regexes
// and glob compiled on first use, and the parts of a decision it names
// (rule_ref, describe) formatted once.
type nativeRule struct {
	ruleData
	ref      RuleRef
	describe string
	// re and nameRe are shared by every rule of the same pattern (a rule
	// repeated in several files compiles and matches once per call).
	re     *lazyRegex
	nameRe *lazyRegex
	// optionRe matches a command's option form (ruleData.OptionRe).
	optionRe *lazyRegex
	// foldRe is an Agent rule's re matched in any letter case.
	foldRe *lazyRegex
	glob   lazyGlob
	// parts match a compound rule's commands (ruleData.Parts).
	parts []*lazyRegex
}

// lazyRegex compiles a regex.match pattern once, on first use; "" stands
// for a field the rule data leaves out (the Rego reference is undefined).
type lazyRegex struct {
	once sync.Once
	src  string
	re   *regexp.Regexp
	err  error
}

// match reports whether the pattern is defined and matches s, as OPA's
// regex.match does (Go regexp); a pattern that does not compile is an
// evaluation error, as under StrictBuiltinErrors.
func (l *lazyRegex) match(s string) (bool, error) {
	if l.src == "" {
		return false, nil
	}
	l.once.Do(func() { l.re, l.err = regexp.Compile(l.src) })
	if l.err != nil {
		return false, fmt.Errorf("regex.match: %v", l.err)
	}
	return l.re.MatchString(s), nil
}

// lazyGlob compiles a glob.match pattern with "/" as delimiter once: OPA's
// glob.match(pattern, ["/"], path) compiles with github.com/gobwas/glob.
type lazyGlob struct {
	once sync.Once
	src  string
	g    *glob.Pattern
	err  error
}

func (l *lazyGlob) match(s string) (bool, error) {
	if l.src == "" {
		return false, nil
	}
	l.once.Do(func() { l.g, l.err = glob.Compile(l.src, '/') })
	if l.err != nil {
		return false, fmt.Errorf("glob.match: %v", l.err)
	}
	return l.g.Match(s), nil
}

// nativeBucket is one behaviour's rules (see bucket), compiled.
type nativeBucket struct {
	tool  map[string][]*nativeRule
	globs []*nativeRule
	bash  map[string][]*nativeRule
	// path indexes path entries by kind (see pathIndex).
	path   map[string]*pathIndex
	domain map[string][]*nativeRule
	// bashAll lists every Bash pattern rule (a command that does not parse
	// is matched against all of them).
	bashAll []*nativeRule
	// compound lists the rules with parts (lib.compound_pairs).
	compound []*nativeRule
	// wrappers lists the rules naming a wrapper (lib.wrapper_pairs).
	wrappers         []*nativeRule
	hasBash, hasPath bool
}

// pathIndex holds one kind's path entries by ancestor key ("/…") and by
// segment (the "seg:" keys, prefix stripped), with the lengths of the keys
// present: most ancestors of a path have no entry, and a length no key has
// answers without hashing.
type pathIndex struct {
	anc, segs        map[string][]*nativeRule
	ancLens, segLens lengthSet
}

// lengthSet is a set of small lengths; longer ones are always "maybe".
type lengthSet [4]uint64

func (l *lengthSet) add(n int) {
	if n < 256 {
		l[n/64] |= 1 << (n % 64)
	}
}

func (l *lengthSet) has(n int) bool { return n >= 256 || l[n/64]&(1<<(n%64)) != 0 }

// nativeIndex is the compiled rule index of one policy. It is safe for
// concurrent use: patterns compile under a sync.Once each.
type nativeIndex struct {
	deny, ask, allow *nativeBucket
	reach            reachMemo // reachFindings' answers
}

// newNativeIndex compiles the buckets compileRules built.
func newNativeIndex(rules map[string]*bucket) *nativeIndex {
	rs := regexes{}
	return &nativeIndex{deny: newNativeBucket(rules["deny"], rs), ask: newNativeBucket(rules["ask"], rs),
		allow: newNativeBucket(rules["allow"], rs)}
}

// regexes interns lazy regexes by source within one index.
type regexes map[string]*lazyRegex

func (rs regexes) get(src string) *lazyRegex {
	if l, ok := rs[src]; ok {
		return l
	}
	l := &lazyRegex{src: src}
	rs[src] = l
	return l
}

func newNativeRule(d ruleData, rs regexes) *nativeRule {
	r := &nativeRule{ruleData: d}
	r.ref = RuleRef{Text: d.Text, Behavior: d.Behavior, Source: d.Source, File: d.File, Line: d.Line, Column: d.Column}
	r.describe = fmt.Sprintf("%s from %s %s", d.Text, d.Source, r.ref.Location())
	r.re, r.nameRe, r.optionRe, r.glob.src = rs.get(d.Re), rs.get(d.NameRe), rs.get(d.OptionRe), d.Glob
	for _, p := range d.Parts {
		r.parts = append(r.parts, rs.get(p))
	}
	if d.Kind == "agent" && d.Re != "" {
		r.foldRe = rs.get("(?i)" + d.Re)
	}
	return r
}

func newNativeBucket(b *bucket, rs regexes) *nativeBucket {
	nb := &nativeBucket{tool: map[string][]*nativeRule{}, bash: map[string][]*nativeRule{},
		path: map[string]*pathIndex{}, domain: map[string][]*nativeRule{}}
	if b == nil {
		return nb
	}
	nb.hasBash, nb.hasPath = b.HasBash, b.HasPath
	list := func(ds []ruleData) []*nativeRule {
		out := make([]*nativeRule, len(ds))
		for i, d := range ds {
			out[i] = newNativeRule(d, rs)
		}
		return out
	}
	for k, ds := range b.Tool {
		nb.tool[k] = list(ds)
	}
	nb.globs = list(b.Globs)
	keys := make([]string, 0, len(b.Bash))
	for k := range b.Bash {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		nb.bash[k] = list(b.Bash[k])
		nb.bashAll = append(nb.bashAll, nb.bash[k]...)
	}
	nb.compound = list(b.Compound)
	nb.wrappers = list(b.Wrappers)
	for kind, byKey := range b.Path {
		px := &pathIndex{anc: map[string][]*nativeRule{}, segs: map[string][]*nativeRule{}}
		for k, ds := range byKey {
			if seg, ok := strings.CutPrefix(k, "seg:"); ok {
				px.segs[seg] = list(ds)
				px.segLens.add(len(seg))
			} else {
				px.anc[k] = list(ds)
				px.ancLens.add(len(k))
			}
		}
		nb.path[kind] = px
	}
	for k, ds := range b.Domain {
		nb.domain[k] = list(ds)
	}
	return nb
}

// ruleSet collects matching rules once each by id and lists them by id:
// what sort() over a Rego set of [id, rule] pairs gives.
type ruleSet []*nativeRule

func (s *ruleSet) add(r *nativeRule) {
	for _, x := range *s {
		if x.ID == r.ID {
			return
		}
	}
	*s = append(*s, r)
}

func (s ruleSet) sorted() ruleSet {
	slices.SortFunc(s, func(a, b *nativeRule) int { return cmp.Compare(a.ID, b.ID) })
	return s
}

// stringSet is a Rego set of strings: each once, iterated in sorted order.
type stringSet []string

func (s *stringSet) add(v string) {
	for _, x := range *s {
		if x == v {
			return
		}
	}
	*s = append(*s, v)
}

func (s stringSet) sorted() stringSet {
	sort.Strings(s)
	return s
}
