package agenthook

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/settings"
)

// Decider decides one call; *engine.Engine is one.
type Decider interface {
	Decide(ctx context.Context, call engine.Call) (engine.Decision, error)
}

// settingsOf returns the settings behind a decider that has them (an
// *engine.Engine does), for the managed locks on the agent's mode.
func settingsOf(d Decider) *settings.Settings {
	if e, ok := d.(interface{ Settings() *settings.Settings }); ok {
		return e.Settings()
	}
	return nil
}

// Options are the choices a protocol leaves open.
type Options struct {
	// Unmatched is what a call nothing but the fallback matched gets: "ask"
	// (the default) or "defer" (no opinion: the agent's own prompt decides).
	Unmatched string
	// AskFallback is what an ask becomes where the protocol cannot ask:
	// "deny" (the default) or "defer".
	AskFallback string
}

// Validate checks the option values.
func (o Options) Validate() error {
	if o.Unmatched != "" && o.Unmatched != "ask" && o.Unmatched != "defer" {
		return fmt.Errorf("--unmatched %q: expected ask or defer", o.Unmatched)
	}
	if o.AskFallback != "" && o.AskFallback != "deny" && o.AskFallback != "defer" {
		return fmt.Errorf("--ask-fallback %q: expected deny or defer", o.AskFallback)
	}
	return nil
}

// Answer is what the hook process prints and the code it exits with.
type Answer struct {
	Stdout []byte
	Stderr string
	Code   int
}

// Verdict is the agent-neutral outcome: allow, ask, deny, or defer (no
// opinion), with the reason the agent shows.
type Verdict struct {
	Decision string
	Reason   string
}

// Verdicts besides the engine's effects: Defer is "no opinion", the agent's
// own permission flow decides.
const (
	Allow = "allow"
	Ask   = "ask"
	Deny  = "deny"
	Defer = "defer"
)

// Decide maps the event onto calls, decides each with d and answers in the
// event's agent's own format. It never answers an allow it was not given:
// every error is a fail-closed answer.
func Decide(ctx context.Context, d Decider, ev *Event, opts Options) Answer {
	if err := decidedEvent(ev); err != nil {
		return Fail(ev.Agent, ev.Name, err)
	}
	if ev.Agent == Claude && !claudeToolEvents[ev.Name] {
		// SessionStart, UserPromptSubmit, Stop …: no call to decide, and
		// a block would stop the prompt or keep the session going.
		return Answer{}
	}
	if audit(ev) {
		return auditEvent(ctx, d, ev)
	}
	calls, err := Calls(ev)
	if err != nil {
		return Fail(ev.Agent, ev.Name, err)
	}
	var ds []engine.Decision
	for _, c := range calls {
		c.Mode = ev.Mode
		if s := settingsOf(d); s != nil {
			c.Mode = Mode(s, ev.Mode)
		}
		dec, err := d.Decide(ctx, c)
		if err != nil {
			return Fail(ev.Agent, ev.Name, err)
		}
		ds = append(ds, dec)
	}
	return Render(ev, Combine(ds, opts), opts)
}

// Combine folds the decisions of one event's calls into one verdict: a deny
// wins, then an ask, then allow. An ask that only the fallback made is
// deferred under Unmatched "defer".
func Combine(ds []engine.Decision, opts Options) Verdict {
	var deny, ask, allow *engine.Decision
	unmatched := true
	for i := range ds {
		switch d := &ds[i]; d.Decision {
		case engine.Deny:
			if deny == nil {
				deny = d
			}
		case engine.Ask:
			if ask == nil {
				ask = d
			}
			if d.Stage != engine.StageDefault {
				unmatched = false
			}
		default:
			if allow == nil {
				allow = d
			}
		}
	}
	switch {
	case deny != nil:
		return Verdict{Deny, "agentctl: " + deny.Reason}
	case ask != nil && unmatched && opts.Unmatched == "defer":
		return Verdict{Defer, "agentctl: " + ask.Reason}
	case ask != nil:
		return Verdict{Ask, "agentctl: " + ask.Reason}
	case allow != nil:
		return Verdict{Allow, "agentctl: " + allow.Reason}
	}
	return Verdict{Deny, "agentctl: no call to decide"}
}

// Render writes a verdict in the event's agent's own format.
func Render(ev *Event, v Verdict, opts Options) Answer {
	if v.Decision == Ask && !canAsk(ev) {
		if opts.AskFallback == Defer {
			v.Decision = Defer
		} else {
			v = Verdict{Deny, v.Reason + fmt.Sprintf(" (%s cannot ask a person here: denied; --ask-fallback defer lets the agent decide)", ev.Agent)}
		}
	}
	switch ev.Agent {
	case Claude:
		return claudeAnswer(ev.Name, v)
	case Gemini:
		return geminiAnswer(v)
	default:
		return cursorAnswer(v)
	}
}

// Fail is the fail-closed answer for an event that could not be decided
// (broken settings or policy, unreadable stdin, an unreachable OPA server, a
// panic): a block in the agent's own terms, never the non-blocking error
// most exit codes mean.
func Fail(agent Agent, event string, err error) Answer {
	reason := "agentctl: could not decide (failing closed): " + err.Error()
	switch agent {
	case Cursor:
		return cursorAnswer(Verdict{Deny, reason})
	default:
		// Claude Code and Gemini CLI: exit 2 blocks and shows stderr;
		// nothing on stdout can override it.
		return Answer{Stderr: reason + "\n", Code: 2}
	}
}

// canAsk says whether the event's protocol can ask a person.
func canAsk(ev *Event) bool {
	switch ev.Agent {
	case Claude:
		return true
	case Cursor:
		return ev.Name == "beforeShellExecution" || ev.Name == "beforeMCPExecution"
	}
	return false
}

// claudeToolEvents are Claude Code's events about one tool call that
// agentctl decides (or, after the call, logs).
var claudeToolEvents = map[string]bool{"PreToolUse": true, "PermissionRequest": true, "PostToolUse": true,
	"PostToolUseFailure": true}

// audit events come after the call: they are logged, never answered.
func audit(ev *Event) bool {
	switch ev.Name {
	case "PostToolUse", "PostToolUseFailure":
		return ev.Agent == Claude
	case "AfterTool":
		return ev.Agent == Gemini
	}
	return false
}

// auditEvent decides the call for the decision log only: the call has
// already run, so the answer never blocks.
func auditEvent(ctx context.Context, d Decider, ev *Event) Answer {
	calls, err := Calls(ev)
	for _, c := range calls {
		if err != nil {
			break
		}
		c.Mode = ev.Mode
		if s := settingsOf(d); s != nil {
			c.Mode = Mode(s, ev.Mode)
		}
		_, err = d.Decide(ctx, c)
	}
	a := Answer{}
	if ev.Agent == Gemini {
		a.Stdout = []byte("{}\n")
	}
	if err != nil {
		a.Stderr = fmt.Sprintf("agentctl: %s (audit only): %v\n", ev.Name, err)
	}
	return a
}

func jsonLine(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // maps of strings always marshal
	}
	return append(b, '\n')
}
