package bashparse

import "strings"

// varCommandWitnesses spells a command whose name or subcommand comes from
// a variable (a=git; $a push, X=push; git $X) with the literal values the
// script gives its variables, each spelling a nested command. The command
// itself stays unresolved, so no allow rule approves more than before; the
// spellings only let deny and ask rules see what it may run, as the
// reference does when it denies a=git; $a push under Bash(git push:*).
func (s *shellState) varCommandWitnesses(src string) []payload {
	if len(s.vars) == 0 || !strings.Contains(src, "$") {
		return nil
	}
	spellings := []string{src}
	for _, m := range simpleParam.FindAllStringSubmatch(src, -1) {
		vals := s.varValues(m[1] + m[2])
		if len(vals) == 0 || len(spellings)*len(vals) > maxSpellings {
			return nil
		}
		next := make([]string, 0, len(spellings)*len(vals))
		for _, sp := range spellings {
			i := strings.Index(sp, m[0])
			if i < 0 {
				continue
			}
			for _, v := range vals {
				next = append(next, sp[:i]+v+sp[i+len(m[0]):])
			}
		}
		spellings = next
	}
	var out []payload
	for _, sp := range spellings {
		if sp == src || strings.ContainsAny(sp, "$`") {
			continue // still dynamic: nothing more is known
		}
		out = append(out, payload{script: sp, origin: "variable", reason: ReasonDynamicName, lenient: true})
	}
	return out
}

// unquoteWhole reads a script that is one double-quoted word ("$c") as its
// contents: the shell hands the program the value without the quotes.
func unquoteWhole(script string) string {
	if n := len(script); n >= 2 && script[0] == '"' && script[n-1] == '"' && !strings.ContainsAny(script[1:n-1], "\"\\") {
		return script[1 : n-1]
	}
	return script
}

// copyVar gives name the literal values of the variable a plain $OTHER or
// ${OTHER} assignment copies (A=git; B=$A; $B push). The variable stays
// tainted: the copied values are candidates, not all it may hold.
func (s *shellState) copyVar(name string, w Word) {
	m := simpleParam.FindStringSubmatch(w.Value)
	if m == nil || m[0] != strings.Trim(w.Value, `"`) {
		return
	}
	for _, v := range s.vars[m[1]+m[2]] {
		s.addVar(name, v)
	}
}

// dynamicArg reports an argument that comes from a variable (X=-fr; rm $X
// x runs rm -fr x): its literal spellings are witnesses too.
func dynamicArg(words []Word) bool {
	for i := 1; i < len(words); i++ {
		if words[i].Dynamic {
			return true
		}
	}
	return false
}
