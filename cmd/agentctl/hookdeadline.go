package main

import (
	"fmt"
	"runtime/debug"
	"sync"
	"time"

	"github.com/agentctl/agentctl/agenthook"
)

// defaultHookDeadline is how long `agentctl hook` may take to decide
// before it blocks on its own: well under the 60 s `hooks install` writes
// (and Gemini CLI's default), so the block reaches the agent before the
// agent gives up on the hook. An agent that gives up on a hook goes ahead:
// Claude Code and Gemini CLI take a timed-out hook for a non-blocking
// error, and the call goes on to their own permission check, without any
// of agentctl's rules the agent does not know (a Read deny rule against
// `cat`, the ask before a write under .git in bypassPermissions mode). A
// call made to be slow to decide — a command with a hundred glob operands,
// each a walk of its own over a large tree, or stdin left open — was
// such a call.
const defaultHookDeadline = 45 * time.Second

// hookDeadlineFor is the deadline `hooks install` writes for an agent
// timeout other than the default: three quarters of it, so the hook's
// own block comes first; 0 (the hook's default) for the default timeout.
func hookDeadlineFor(timeout time.Duration) time.Duration {
	if timeout == agenthook.DefaultTimeout {
		return 0
	}
	return max(timeout*3/4, 500*time.Millisecond)
}

// eventAgent is the agent an event turned out to be from (for a deadline
// block in that agent's dialect when --agent was not given).
type eventAgent struct {
	mu    sync.Mutex
	agent agenthook.Agent
}

func (e *eventAgent) set(a agenthook.Agent) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.agent = a
}

func (e *eventAgent) get(fallback agenthook.Agent) agenthook.Agent {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.agent != "" {
		return e.agent
	}
	return fallback
}

// answerWithin runs decide and returns its answer, or, when it has not
// answered within d, the agent's fail-closed block (decide goes on in
// the background until the process exits). A panic in decide is the
// block too. d <= 0 waits for decide.
func answerWithin(d time.Duration, agent agenthook.Agent, seen *eventAgent, decide func() agenthook.Answer) agenthook.Answer {
	done := make(chan agenthook.Answer, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- agenthook.Fail(seen.get(agent), "", fmt.Errorf("internal error: %v\n%s", r, debug.Stack()))
			}
		}()
		done <- decide()
	}()
	if d <= 0 {
		return <-done
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case a := <-done:
		return a
	case <-timer.C:
		return agenthook.Fail(seen.get(agent), "", fmt.Errorf("no decision within %s (--deadline): an agent that gives up on the hook lets the call run", d))
	}
}
