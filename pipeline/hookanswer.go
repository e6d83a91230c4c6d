package pipeline

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/agentctl/agentctl/internal/hookproto"
)

// readAnswer reads what a hook that exited 0 printed for event. It reads
// fail-closed where the protocol leaves room:
//   - every decision field counts (permissionDecision, decision.behavior,
//     behavior, the top-level decision) and the strictest wins: an output
//     that says both "block" and "allow" blocks;
//   - deny and ask are read in any letter case and with spaces around them;
//     allow only as written ("allow", or the older top-level "approve"); any
//     other value is one the hook meant but agentctl cannot read: ask;
//   - a hookSpecificOutput for another event (hookEventName "PostToolUse"
//     on a PreToolUse) is not an answer to this one: its deny and ask
//     count, its allow and updatedInput do not;
//   - a field name in another letter case ("PermissionDecision") is not
//     read by Claude Code: its deny and ask count, its allow and
//     updatedInput do not (foldedNames);
//   - a JSON answer printed after other output (a shell profile's greeting,
//     a log line) is not read by Claude Code at all; agentctl counts its
//     deny and ask (a deny hook must not be lost to a banner) but not its
//     allow or updatedInput.
//
// Whatever it could not read fully marks the outcome unsure: another hook's
// allow does not count then (combine).
func readAnswer(event string, stdout []byte) HookOutcome {
	ho, err := hookproto.Parse(stdout)
	if err == nil {
		return foldedNames(event, stdout, ho, outcome(event, ho))
	}
	embedded := embeddedAnswers(stdout)
	if len(embedded) == 0 {
		if errors.Is(err, hookproto.ErrNoJSON) {
			return HookOutcome{} // plain text: no answer
		}
		// It began an answer agentctl cannot read: what it meant is asked.
		return HookOutcome{unsure: true, Decision: "ask", Reason: "the hook's JSON answer could not be read",
			Errors: []string{fmt.Sprintf("printed invalid JSON: %v", err)}}
	}
	var parts []HookOutcome
	for _, e := range embedded {
		o := outcome(event, e)
		if o.Decision == "allow" {
			o.Decision, o.Reason = "", ""
		}
		o.UpdatedInput = nil
		parts = append(parts, o)
	}
	o := combine(parts)
	o.unsure = true
	o.Errors = append(o.Errors, "printed its JSON answer among other output: only its deny or ask counts")
	return o
}

// embeddedAnswers are the lines of stdout that are JSON objects on their
// own, when stdout as a whole is not one.
func embeddedAnswers(stdout []byte) []hookproto.Output {
	var out []hookproto.Output
	for _, line := range bytes.Split(stdout, []byte("\n")) {
		if ho, err := hookproto.Parse(line); err == nil {
			out = append(out, ho)
		}
		if ho, err := hookproto.ParseFolded(line); err == nil {
			out = append(out, ho)
		}
	}
	return out
}

// outcome turns one parsed answer into a HookOutcome (see readAnswer).
func outcome(event string, ho hookproto.Output) HookOutcome {
	hs := ho.HookSpecificOutput
	o := HookOutcome{UpdatedInput: hs.UpdatedInput}
	if event == "PermissionRequest" && hs.Decision.UpdatedInput != nil {
		// A PermissionRequest answer rewrites the call inside its decision.
		o.UpdatedInput = hs.Decision.UpdatedInput
	}
	for _, f := range ho.Fields() {
		if !f.Known {
			o.unsure = true
			o.Errors = append(o.Errors, fmt.Sprintf("answered %s %q, which is not allow, deny or ask: read as ask", f.Name, f.Value))
			if f.Reason == "" {
				f.Reason = fmt.Sprintf("the hook's answer %s %q could not be read", f.Name, f.Value)
			}
		}
		if strings.EqualFold(strings.TrimSpace(f.Value), "block") {
			o.Blocked = true
		}
		if f.Decision == "defer" {
			// Claude Code ranks defer above ask and allow: no verdict of
			// its own, and no other hook's allow stands beside it.
			o.unsure = true
			continue
		}
		if rank[f.Decision] > rank[o.Decision] {
			o.Decision, o.Reason = f.Decision, f.Reason
		} else if f.Decision == o.Decision && o.Reason == "" {
			o.Reason = f.Reason
		}
	}
	if hs.HookEventName != "" && hs.HookEventName != event {
		o.unsure = true
		o.Errors = append(o.Errors, fmt.Sprintf("answered for %s, not %s: its allow and updatedInput do not count",
			hs.HookEventName, event))
		if o.Decision == "allow" {
			o.Decision, o.Reason = "", ""
		}
		o.UpdatedInput = nil
	}
	if c := hs.AdditionalContext; c != "" {
		o.AdditionalContext = []string{c}
	}
	if ho.Continue != nil && !*ho.Continue {
		o.Stop, o.StopReason = true, ho.StopReason
	}
	if ho.SystemMessage != "" {
		o.SystemMessages = []string{ho.SystemMessage}
	}
	return o
}
