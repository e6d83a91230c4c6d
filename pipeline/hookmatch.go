package pipeline

import (
	"regexp"
	"strings"
	"time"

	"github.com/agentctl/agentctl/internal/lazyre"
)

// maxHookTimeout bounds a hook's timeout. Seconds beyond it would overflow
// time.Duration into a negative deadline: the hook would "time out" before
// it started, and a deny hook written with a huge timeout (meaning "wait as
// long as it takes") would never answer.
const maxHookTimeout = 30 * 24 * time.Hour

// hookTimeout is a hook's timeout: its own (seconds, capped at
// maxHookTimeout), else def.
func hookTimeout(secs int, def time.Duration) time.Duration {
	if secs <= 0 {
		return def
	}
	if secs >= int(maxHookTimeout/time.Second) {
		return maxHookTimeout
	}
	return time.Duration(secs) * time.Second
}

var exactMatcher = lazyre.New(`^[A-Za-z0-9_\-, |]*$`)

// matches applies a hook matcher to a tool name: empty or "*" matches all;
// only letters, digits, '_', '-', spaces, ',' and '|' are exact names;
// anything else is an unanchored regular expression. A matcher Go cannot
// compile matches every tool (see matchHook).
func matches(matcher, tool string) bool {
	ok, _ := matchHook(matcher, tool)
	return ok
}

// matchHook is matches that also says whether the matcher could be read.
// Claude Code's matchers are JavaScript regular expressions; one Go's RE2
// cannot compile (a lookahead such as `^(?!Read$).*`, a backreference, or
// a plain typo) must not mean "matches nothing": a deny hook behind it would
// be skipped without a word. Such a hook runs for every tool (sure is
// false), and the runner counts its deny and ask but never its allow or its
// updatedInput, which may have been meant for another tool.
func matchHook(matcher, tool string) (match, sure bool) {
	m := strings.TrimSpace(matcher)
	if m == "" || m == "*" {
		return true, true
	}
	if exactMatcher.MatchString(m) {
		for _, name := range strings.FieldsFunc(m, func(r rune) bool { return r == '|' || r == ',' }) {
			if strings.TrimSpace(name) == tool {
				return true, true
			}
		}
		return false, true
	}
	re, err := regexp.Compile(m)
	if err != nil {
		return true, false
	}
	return re.MatchString(tool), true
}
