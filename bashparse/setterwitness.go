package bashparse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Values a script gives a variable without a plain literal assignment are
// witnesses too: x=$(echo .git/hooks/x) (a substitution whose output is
// known, as knownSubsts reads it in a file word), printf -v x LITERAL,
// printf -v x %s LITERAL and read [-r] x <<<LITERAL. bash stores the
// literal; collectVars only tainted the name, so `echo > "$x"` had no
// spelling and a write under .git reached through it went unseen where
// only a spelled path is checked (bypassPermissions' protected paths).
// Only witnesses are added: the words stay dynamic.

// collectSetterValues records the literal values such setters give.
func (p *parser) collectSetterValues(root syntax.Node) {
	syntax.Walk(root, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.Assign:
			if x.Name == nil || x.Value == nil || x.Array != nil || x.Index != nil || x.Append {
				return true
			}
			if w := p.word(x.Value); w.Dynamic {
				if v, ok := knownSubsts(strings.ReplaceAll(w.Value, `"`, "")); ok && !strings.ContainsAny(v, "$`") {
					p.st.addVar(x.Name.Value, v)
				}
			}
		case *syntax.Stmt:
			if c, ok := x.Cmd.(*syntax.CallExpr); ok {
				if name, v, ok := p.setterLiteral(c.Args, x.Redirs); ok {
					p.st.addVar(name, v)
				}
			}
		}
		return true
	})
}

// setterLiteral is the name and literal value a printf -v or read into
// one variable sets, when the script spells it.
func (p *parser) setterLiteral(args []*syntax.Word, redirs []*syntax.Redirect) (string, string, bool) {
	ws := make([]Word, 0, len(args))
	for _, a := range args {
		w := p.word(a)
		if !literal(w) {
			return "", "", false
		}
		ws = append(ws, w)
	}
	for len(ws) > 0 && (ws[0].Value == "builtin" || ws[0].Value == "command") {
		ws = ws[1:]
	}
	if len(ws) < 2 {
		return "", "", false
	}
	switch ws[0].Value {
	case "printf":
		if len(ws) < 4 || ws[1].Value != "-v" || !namerefName(ws[2].Value) {
			return "", "", false
		}
		format, rest := ws[3].Value, ws[4:]
		switch {
		case len(rest) == 0 && !strings.ContainsAny(format, `%\`):
			return ws[2].Value, format, true
		case format == "%s" && len(rest) == 1:
			return ws[2].Value, rest[0].Value, true
		}
	case "read":
		name := ws[len(ws)-1].Value
		for _, o := range ws[1 : len(ws)-1] {
			if o.Value != "-r" {
				return "", "", false
			}
		}
		if !namerefName(name) {
			return "", "", false
		}
		for _, r := range redirs {
			if r.Op == syntax.WordHdoc && r.Word != nil {
				if w := p.word(r.Word); literal(w) {
					return name, strings.TrimSpace(w.Value), true
				}
			}
		}
	}
	return "", "", false
}
