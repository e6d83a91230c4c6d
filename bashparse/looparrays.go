package bashparse

import (
	"strings"

	"github.com/agentctl/agentctl/internal/lazyre"
)

// A loop over a whole array or the positional parameters (for d in
// "${a[@]}", for d in "$@", for d) gives its variable each element in
// turn: a=(.git); for d in "${a[@]}"; do echo x > "$d/hooks/pre-commit";
// done wrote .git/hooks/pre-commit, and bypass mode allowed it, since the
// variable had no value the script spelled. The elements the script spells
// become the variable's candidates (a list that overflowed its cap
// overflows the variable's too); the variable stays tainted.

// wholeList is an expansion to every element: $@, ${@}, $*, ${*},
// ${a[@]} or ${a[*]} (double quotes around it removed).
var wholeList = lazyre.New(`^\$(?:[@*]|\{[@*]\}|\{([A-Za-z_][A-Za-z0-9_]*)\[[@*]\]\})$`)

// loopOverList gives name the elements item expands to when it is a
// whole array or the positional parameters.
func (s *shellState) loopOverList(name, item string) {
	if len(item) < 2 || item[0] != '$' && item[0] != '"' {
		return
	}
	m := wholeList.FindStringSubmatch(strings.Trim(item, `"`))
	if m == nil {
		return
	}
	if m[1] == "" {
		s.loopOverPositional(name)
		return
	}
	for _, v := range s.arrays[m[1]] {
		if v == Unknown {
			continue // the variable is tainted already
		}
		s.addVar(name, v)
		s.arithLiteral(name, v)
	}
	if s.overflow[m[1]] {
		s.markOverflow(name)
	}
}
