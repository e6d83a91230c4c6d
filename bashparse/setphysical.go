package bashparse

import (
	"strings"

	"github.com/agentctl/agentctl/internal/lazyre"
)

// setPhysical finds set -P (alone or among other letters, + or -) and
// set -o physical: after it every cd resolves links first, as cd -P does,
// so set -P; cd q/.. && echo x > config wrote .git/config with q a link
// to .git/hooks. Read from the whole text, fail closed: a set in a
// function, an eval or a later line may run before the cd.
var setPhysical = lazyre.New(`\bset\b[^;&|\n]*(?:\s[-+][a-zA-Z]*P|\bphysical\b)`)

// setsPhysical reports a script that may turn on physical cd.
func setsPhysical(src string) bool {
	return strings.Contains(src, "set") && setPhysical.MatchString(src)
}
