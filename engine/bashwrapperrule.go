package engine

import (
	"path"
	"slices"
	"strings"
	"sync"
)

// ruleWrappers are the wrappers a command may be peeled of before rules
// see it (spec §3: the stripped ones, and those deny and ask rules see
// through), by name.
var ruleWrappers = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields("timeout time nice nohup stdbuf command builtin noglob xargs env sudo doas watch ionice setsid flock chrt taskset unshare script su chroot busybox toybox exec") {
		m[w] = true
	}
	return m
})

// wrapperRuleName is the wrapper a deny or ask Bash prefix rule names as a
// whole — Bash(nohup:*), Bash(sudo *), Bash(/usr/bin/env*) — and "" for any other
// pattern. A command is matched with its wrappers peeled off (nohup ls is
// "ls"), so such a rule matched no command run under the wrapper: under a
// bare Bash allow, nohup ls passed Bash(nohup:*), and /usr/bin/sudo ls
// passed Bash(sudo:*). The rule now matches a command whose peeled
// wrappers include that name (lib.wrapper_pairs, wrapperMatches).
func wrapperRuleName(pattern string) string {
	q := strings.TrimSpace(pattern)
	if strings.HasSuffix(q, ":*") {
		q = strings.TrimSuffix(q, ":*") + " *"
	}
	// Only a prefix rule names what runs under the wrapper: the exact
	// Bash(env) is the bare command.
	if !strings.HasSuffix(q, "*") {
		return ""
	}
	q = strings.TrimSpace(strings.TrimSuffix(q, "*"))
	if q == "" || strings.ContainsAny(q, " \t*'\"\\$`") {
		return ""
	}
	if w := path.Base(q); ruleWrappers()[w] {
		return w
	}
	return ""
}

// wrapperMatches ports lib.wrapper_pairs' body: the command was peeled of
// the rule's wrapper in either view.
func wrapperMatches(r *nativeRule, c *CommandFact) bool {
	return slices.Contains(c.Narrow.Peeled, r.Wrapper) || slices.Contains(c.Wide.Peeled, r.Wrapper)
}
