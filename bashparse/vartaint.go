package bashparse

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// setters are the builtins whose operands name variables they assign a
// value read at run time (read X, mapfile a, printf -v X, getopts o X,
// wait -p X) or unset.
var setters = map[string]bool{"read": true, "mapfile": true, "readarray": true, "printf": true, "getopts": true,
	"wait": true, "unset": true, "let": true}

// taint records that name may hold a value not known statically.
func (s *shellState) taint(name string) {
	if s.tainted == nil {
		s.tainted = map[string]bool{}
	}
	s.tainted[name] = true
	if s.strTainted == nil {
		s.strTainted = map[string]bool{}
	}
	s.strTainted[name] = true
}

// taintNum records that name may hold a number not known statically: an
// arithmetic assignment, let, or unset (which leaves it empty).
func (s *shellState) taintNum(name string) {
	if s.tainted == nil {
		s.tainted = map[string]bool{}
	}
	s.tainted[name] = true
}

// varTaints records the variables node n may set to a value not known
// statically: the operands of the setters above, names declared as
// references (declare -n R=X makes $R the value of X), ${X:=…} and
// ${X=…}, and arithmetic assignments (((X=…)), X++).
func (s *shellState) varTaints(n syntax.Node) {
	switch x := n.(type) {
	case *syntax.CallExpr:
		if len(x.Args) > 0 {
			s.implicitTaints(x.Args[0].Lit())
		}
		if len(x.Args) < 2 {
			return
		}
		if name := x.Args[0].Lit(); setters[name] {
			for _, a := range x.Args[1:] {
				v := a.Lit()
				v = strings.TrimPrefix(v, "-v")
				if i := strings.IndexAny(v, "[="); i >= 0 {
					v = v[:i]
				}
				if v != "" && (name == "let" || name == "unset") {
					s.taintNum(v)
				} else if v != "" {
					s.taint(v)
				}
			}
		}
	case *syntax.DeclClause:
		ref := false
		for _, a := range x.Args {
			if a.Naked && a.Value != nil {
				if v := a.Value.Lit(); strings.HasPrefix(v, "-") && strings.Contains(v, "n") {
					ref = true
				}
				if v := a.Value.Lit(); strings.HasPrefix(v, "-") && strings.Contains(v, "i") {
					s.intDecl = true
				}
			}
		}
		if ref {
			for _, a := range x.Args {
				if a.Name != nil {
					s.taint(a.Name.Value)
				} else if a.Naked && a.Value != nil {
					s.taint(a.Value.Lit())
				}
			}
		}
	case *syntax.ParamExp:
		if x.Exp != nil && x.Param != nil && (x.Exp.Op == syntax.AssignUnset || x.Exp.Op == syntax.AssignUnsetOrNull) {
			// ${d:=.git} gives d its default when d has no value: one the
			// script set literally (and never unset) stands instead.
			n := x.Param.Value
			if len(s.vars[n]) == 0 || s.tainted[n] {
				if x.Exp.Word != nil && x.Exp.Word.Lit() != "" && !strings.ContainsAny(x.Exp.Word.Lit(), "*?[~") {
					s.addVar(n, x.Exp.Word.Lit())
				} else {
					s.markOverflow(n)
				}
			}
			s.taint(n)
		}
	case *syntax.BinaryArithm:
		w, ok := x.X.(*syntax.Word)
		if !ok {
			return
		}
		switch x.Op {
		case syntax.Assgn, syntax.AddAssgn, syntax.SubAssgn, syntax.MulAssgn, syntax.QuoAssgn, syntax.RemAssgn,
			syntax.AndAssgn, syntax.OrAssgn, syntax.XorAssgn, syntax.ShlAssgn, syntax.ShrAssgn, syntax.AndBoolAssgn,
			syntax.OrBoolAssgn, syntax.XorBoolAssgn, syntax.PowAssgn:
			s.taintNum(w.Lit())
		}
	case *syntax.UnaryArithm:
		if w, ok := x.X.(*syntax.Word); ok && (x.Op == syntax.Inc || x.Op == syntax.Dec) {
			s.taintNum(w.Lit())
		}
	}
}

// taintedIn reports a plain $NAME or ${NAME} in p whose variable may hold
// a value not known statically.
func (s *shellState) taintedIn(p string) bool {
	if len(s.tainted) == 0 {
		return false
	}
	for _, m := range simpleParam.FindAllStringSubmatch(p, -1) {
		if s.tainted[m[1]+m[2]] {
			return true
		}
	}
	return false
}

// splitFields adds the fields an unquoted expansion's value splits into
// (X="README.md .env"; rev $X reads .env): at blanks, and at the
// characters any IFS the script assigns holds.
func (s *shellState) splitFields(spellings []string) []string {
	seps := " \t\n"
	for _, v := range s.vars["IFS"] {
		seps += v
	}
	out := spellings
	for _, sp := range spellings {
		if !strings.ContainsAny(sp, seps) {
			continue
		}
		for _, f := range strings.FieldsFunc(sp, func(r rune) bool { return strings.ContainsRune(seps, r) }) {
			if len(out) < 2*maxSpellings {
				out = append(out, f)
			}
		}
	}
	return out
}
