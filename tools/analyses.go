package tools

import (
	"sync"

	"github.com/agentctl/agentctl/bashparse"
)

// maxAnalyses bounds an Analyses memo: a session decides far fewer distinct
// commands, and a runaway script cannot grow it without end.
const maxAnalyses = 512

// Analyses memoises bashparse.Parse by command text, so that one command is
// parsed once however many steps look at it (scheduling, the decision, the
// exec-time check of the same command run again). The analyses it returns
// are shared: callers read them and never change them. The zero value is
// ready to use; it is safe for concurrent use.
type Analyses struct {
	mu    sync.Mutex
	m     map[string]*bashparse.Analysis
	order []string // insertion order: the oldest is dropped first
}

// Parse returns the analysis of cmd, parsing it only the first time.
func (c *Analyses) Parse(cmd string) *bashparse.Analysis {
	c.mu.Lock()
	a, ok := c.m[cmd]
	c.mu.Unlock()
	if ok {
		return a
	}
	parsed := bashparse.Parse(cmd)
	a = &parsed
	c.mu.Lock()
	defer c.mu.Unlock()
	if prev, ok := c.m[cmd]; ok {
		return prev // parsed meanwhile by another caller
	}
	if c.m == nil {
		c.m = map[string]*bashparse.Analysis{}
	}
	if len(c.order) >= maxAnalyses {
		delete(c.m, c.order[0])
		c.order = c.order[1:]
	}
	c.m[cmd] = a
	c.order = append(c.order, cmd)
	return a
}
