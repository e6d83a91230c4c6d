package bashparse

import (
	"strings"

	"github.com/agentctl/agentctl/internal/lazyre"
)

// paramDefault is ${NAME:-WORD}, ${NAME-WORD}, ${NAME:=WORD}, ${NAME=WORD},
// ${NAME:+WORD} or ${NAME+WORD} with a WORD free of further expansions.
var paramDefault = lazyre.New(`\$\{[A-Za-z_][A-Za-z0-9_]*:?[-=+]([^}$` + "`" + `]*)\}`)

// defaultMentions spells each dynamic operand whose expansion has a
// literal default or alternate (git hash-object ${y:-.env}, touch -r
// "${f:-secrets}/key") with that word in its place: with the variable
// unset, or set, it is the name the command gets, so a denied path written
// there is named (spec §3, "a denied path named anywhere fails closed").
// The null command opens nothing: : ${X:=.env} only assigns.
func defaultMentions(inner []Word) []File {
	if len(inner) < 2 || !inner[0].Static() || namesOnly[inner[0].Value] || inner[0].Value == ":" {
		return nil
	}
	var out []File
	for _, w := range inner[1:] {
		if !w.Dynamic || !strings.Contains(w.Value, "${") {
			continue
		}
		v := strings.NewReplacer(`"`, "", `'`, "").Replace(w.Value)
		sp := paramDefault.ReplaceAllString(v, "$1")
		if sp == v || strings.ContainsAny(sp, "$`") || sp == "" {
			continue
		}
		out = append(out, File{Path: sp, Via: inner[0].Value, Glob: hasGlobChar(sp)})
	}
	return out
}
