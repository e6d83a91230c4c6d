package bashparse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A nameref (declare -n r=x, local -n, typeset -n; or declare -n r and a
// later r=x) is another name for its target: `echo > $r` writes where x
// points and `r=V` assigns x. collectVars records `r=x` as r's value
// "x", so a file word $r was spelled as the file x — the wrong file —
// and x=.git/hooks/pre-commit reached through r was never a witness.
// collectNamerefs joins each nameref's values with its targets' values,
// both ways, so either name spells every file the pair may name. Only
// witnesses are added: the words stay dynamic.

// collectNamerefs links the namerefs declared anywhere in root to their
// literal targets.
func (p *parser) collectNamerefs(root syntax.Node) {
	var refs []string
	syntax.Walk(root, func(n syntax.Node) bool {
		d, ok := n.(*syntax.DeclClause)
		if !ok || d.Variant == nil || !declaresNameref(d) {
			return true
		}
		for _, a := range d.Args {
			if a.Name != nil && a.Index == nil && a.Array == nil {
				refs = append(refs, a.Name.Value)
			}
		}
		return true
	})
	// Twice: a nameref to a nameref (s=r, r=x) gets x's values too.
	for range 2 {
		p.linkNamerefs(refs)
	}
}

// linkNamerefs joins each nameref's values with its targets' values.
func (p *parser) linkNamerefs(refs []string) {
	for _, r := range refs {
		for _, t := range append([]string(nil), p.st.vars[r]...) {
			t, _, _ = strings.Cut(t, "[") // a[0]: the array a
			if t == r || !namerefName(t) {
				continue
			}
			for _, v := range append([]string(nil), p.st.vars[t]...) {
				p.st.addVar(r, v)
			}
			for _, v := range p.st.vars[r] {
				p.st.addVar(t, v)
			}
		}
	}
}

// declaresNameref reports whether a declaration carries the -n flag
// (declare -n, local -rn, typeset -n --); "nameref" is ksh's spelling.
func declaresNameref(d *syntax.DeclClause) bool {
	if d.Variant.Value == "nameref" {
		return true
	}
	for _, a := range d.Args {
		if a.Name != nil || a.Value == nil {
			continue
		}
		if len(a.Value.Parts) != 1 {
			continue
		}
		lit, ok := a.Value.Parts[0].(*syntax.Lit)
		if ok && strings.HasPrefix(lit.Value, "-") && strings.Contains(lit.Value[1:], "n") {
			return true
		}
	}
	return false
}

// namerefName reports whether s is a shell variable name.
func namerefName(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for _, c := range s {
		if c != '_' && !(c >= 'a' && c <= 'z') && !(c >= 'A' && c <= 'Z') && !(c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}
