package bashparse

import "strings"

// declare -a 'b=($(rm x))', local -a "e=(…)", declare -A i='([k]=$(…))'
// and declare g='(…)' for a g declared an array earlier all run rm: a
// declaration builtin reads a value that is "(" … ")" after quote removal
// as a compound assignment and expands its elements, substitutions and
// all. Quoted, the parser saw a string. declArrayPayloads parses such a
// value's elements as the arguments of a no-op command, whose
// substitutions then are commands; a value known only at run time that
// may be one is an unresolved part.

// declArrayPayloads returns what the declaration's compound-looking
// values run.
func declArrayPayloads(variant string, assigns []Assign) []payload {
	var out []payload
	for _, a := range assigns {
		v := strings.Trim(strings.TrimSpace(a.Value), `"`)
		if !strings.HasPrefix(v, "(") || !strings.ContainsAny(v, "$`") {
			continue
		}
		origin := variant + " " + a.Name + "=(…)"
		if a.Dynamic {
			out = append(out, payload{script: v, dynamic: true, origin: origin, reason: ReasonDynamicShell})
			continue
		}
		inner := strings.TrimSuffix(strings.TrimPrefix(v, "("), ")")
		out = append(out, payload{script: ": " + inner, origin: origin, reason: ReasonDynamicShell})
	}
	return out
}
