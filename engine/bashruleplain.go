package engine

import (
	"path"
	"strings"

	"github.com/agentctl/agentctl/bashparse"
)

// plainBashPattern reports a Bash pattern the shell reads exactly as
// written: one command of plain words (no quote, escape, expansion,
// assignment, operator, redirection or doubled blank) whose program is no
// wrapper. Peeling it (peeledBashPattern) gives it back unchanged and it
// has no compound parts (compoundParts), so neither parses it: a policy's
// hundreds of `Bash(tool sub *)` rules are compiled at every process start,
// and a parse each cost a hook process a sixth of its page faults.
func plainBashPattern(p string) bool {
	p = strings.TrimSuffix(p, ":*")
	if p == "" || strings.Contains(p, "  ") || p[0] == ' ' {
		return false
	}
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case strings.IndexByte(" ./_:*,+@%-", c) >= 0:
		default:
			return false
		}
	}
	name, _, _ := strings.Cut(p, " ")
	name = path.Base(name)
	return !bashparse.IsWrapper(name) && !ruleWrappers()[name] && !shellWords[name]
}

// shellWords are the reserved words and builtins that prefix a command.
var shellWords = map[string]bool{"time": true, "exec": true, "command": true, "builtin": true, "if": true,
	"then": true, "else": true, "elif": true, "do": true, "while": true, "until": true, "for": true,
	"case": true, "select": true, "function": true, "coproc": true, "eval": true, "source": true}
