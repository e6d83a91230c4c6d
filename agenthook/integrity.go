package agenthook

import (
	"errors"
	"fmt"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/settings"
)

// checkIntegrity refuses an event that two JSON readers could read as two
// different calls: a duplicate key ({"command":"rm -rf ~","command":"ls"}
// — Go keeps the last, a reader that keeps the first runs the other),
// invalid UTF-8 (Go reads "\xff" as U+FFFD, so a path agentctl resolves is
// not the file the agent opens), a \u escape of a lone surrogate. The same
// rule holds wherever tool input enters agentctl (engine.CheckJSON); here
// the event is blocked. A syntax error is left to the decoder.
func checkIntegrity(name string, raw []byte) error {
	if err := engine.CheckJSON(name, raw); errors.Is(err, engine.ErrInvalidInput) {
		return fmt.Errorf("%w: %w", ErrEvent, err)
	}
	return nil
}

// decidedEvent refuses an event name agentctl does not know for its agent.
// Answering it "no opinion" (exit 0, nothing printed) would let the call go
// ahead: a misspelt or future event, or one sent without hook_event_name
// under --agent, is blocked instead. Claude Code's events without a tool
// call (SessionStart, Stop …) are known and get no opinion (Decide).
func decidedEvent(ev *Event) error {
	switch ev.Agent {
	case Claude:
		if settings.HookEvents[ev.Name] {
			return nil
		}
	case Gemini:
		if ev.Name == "BeforeTool" || ev.Name == "AfterTool" {
			return nil
		}
	default:
		return nil // Cursor's events are looked up in the mapping table, which refuses the unknown ones
	}
	return fmt.Errorf("%w: %s event %q is not one agentctl decides", ErrEvent, ev.Agent, ev.Name)
}
