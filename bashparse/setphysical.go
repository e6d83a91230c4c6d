package bashparse

import (
	"strings"

	"github.com/agentctl/agentctl/internal/lazyre"
)

// setPhysical finds set -P (alone or among other letters, + or -) and
// set -o physical: after it every cd resolves links first, as cd -P does,
// so set -P; cd q/.. && echo x > config wrote .git/config with q a link
// to .git/hooks. Read from the whole text, fail closed: a set in a
// function, an eval or a later line may run before the cd. shopt -o
// physical sets the same option, and a shell started with -P or -o
// physical (bash -P -c '…') runs its script with it on.
var setPhysical = lazyre.New(`\b(?:set|shopt|bash|sh|dash|ash|ksh|mksh|zsh)\b[^;&|\n]*(?:\s[-+][a-zA-Z]*P|\bphysical\b)`)

// setsPhysical reports a script that may turn on physical cd, spelled in
// any way bash reads as those words (set -"P", s\et -P, set -o phys\ical:
// see shellopts.go).
func setsPhysical(src string) bool {
	if !strings.Contains(src, "P") && !strings.Contains(src, "$'") && !spells(src, "physical") {
		return false
	}
	return setPhysical.MatchString(foldQuotes(src))
}
