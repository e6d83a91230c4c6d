//go:build !agentctl_lean

package engine

import (
	"fmt"
	"sort"
	"strings"

	"github.com/open-policy-agent/opa/v1/ast"

	"github.com/agentctl/agentctl/settings"
)

// checkVerdictSpelling reports a rule of the custom modules whose name is
// a near miss of a verdict (Deny, denny, allows, aks) and that no module
// reads: only deny, ask and allow decide, so a misspelt verdict decides
// nothing, silently — the org believes curl is denied and it runs. A rule
// some module reads is a helper, whatever its name. mods are the custom
// modules (package agentctl.custom), keyed by bundle name.
func checkVerdictSpelling(mods map[string]customModule) error {
	type head struct {
		name      string
		path      string
		line, col int
	}
	var heads []head
	used := map[string]bool{}
	names := make([]string, 0, len(mods))
	for n := range mods {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if !strings.HasPrefix(n, "custom/") {
			continue
		}
		cm := mods[n]
		m, err := ast.ParseModuleWithOpts(cm.path, cm.src, ast.ParserOptions{RegoVersion: ast.RegoV1})
		if err != nil {
			return policyErrors(err, nil)
		}
		for _, r := range m.Rules {
			ref := r.Head.Ref()
			if len(ref) == 0 {
				continue
			}
			if v, ok := ref[0].Value.(ast.Var); ok {
				h := head{name: string(v), path: cm.path}
				if loc := r.Head.Location; loc != nil {
					h.line, h.col = loc.Row, loc.Col
				}
				heads = append(heads, h)
			}
			// What a rule reads: its body, its value and key, its else
			// branches — never its own name in the head.
			for x := r; x != nil; x = x.Else {
				markUsed(used, x.Body)
				if x.Head.Value != nil {
					markUsed(used, x.Head.Value)
				}
				if x.Head.Key != nil {
					markUsed(used, x.Head.Key)
				}
				for _, t := range x.Head.Args {
					markUsed(used, t)
				}
			}
		}
	}
	for _, h := range heads {
		if setRules[h.name] || used[h.name] {
			continue
		}
		if want, ok := settings.NearMiss(h.name, "deny", "ask", "allow"); ok {
			return &PolicyError{File: h.path, Line: h.line, Col: h.col, Code: CodePolicy,
				Message: fmt.Sprintf("rule %q is read by no rule and is not a verdict: did you mean %q? "+
					"Only deny, ask and allow decide, so it would silently decide nothing", h.name, want)}
		}
	}
	return nil
}

// markUsed notes every rule name x reads: a bare name (a rule of the same
// package) and data.agentctl.custom.NAME.
func markUsed(used map[string]bool, x any) {
	ast.WalkVars(x, func(v ast.Var) bool {
		used[string(v)] = true
		return false
	})
	ast.WalkRefs(x, func(r ast.Ref) bool {
		if len(r) >= 4 && r[0].Equal(ast.DefaultRootDocument) && r[1].Equal(ast.StringTerm("agentctl")) && r[2].Equal(ast.StringTerm("custom")) {
			if s, ok := r[3].Value.(ast.String); ok {
				used[string(s)] = true
			}
		}
		return false
	})
}
