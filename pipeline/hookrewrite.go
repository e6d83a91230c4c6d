package pipeline

import (
	"fmt"
	"reflect"

	"github.com/agentctl/agentctl/settings"
)

// rewrites settles the updatedInput of the hooks that answered one event.
// Hooks run in parallel and each sees the input as the model sent it, so:
//   - the first rewrite is applied (marked own), and only its own hook's
//     allow can stand for it: another hook's allow judged the input before
//     the rewrite and must not approve what that hook never saw (an
//     auto-approver for "ls" must not carry a rewrite into "touch x");
//   - two hooks rewriting the input differently cannot both be obeyed:
//     the applied one is asked about.
//
// The rewritten input is validated and decided again by the rules either
// way (Dispatch).
func rewrites(rs []HookOutcome) []HookOutcome {
	applied := -1
	for i, r := range rs {
		if r.UpdatedInput != nil {
			applied = i
			break
		}
	}
	if applied < 0 {
		return rs
	}
	out := make([]HookOutcome, len(rs))
	copy(out, rs)
	out[applied].own = true
	for i := range out {
		r := &out[i]
		if i == applied {
			continue
		}
		if r.UpdatedInput != nil && !reflect.DeepEqual(r.UpdatedInput, out[applied].UpdatedInput) {
			r.Decision, r.Reason = "ask", "hooks rewrote the input in different ways; the first rewrite needs approval"
			continue
		}
		if r.Decision == "allow" && r.UpdatedInput == nil {
			r.Decision, r.Reason = "", ""
			r.Errors = append(r.Errors, "an allow did not count: another hook rewrote the input after it was judged")
		}
	}
	return out
}

// unreadMatcher is the answer of a hook whose matcher could not be read
// (matchHook): it ran for a tool it may not have been meant for, so its
// deny and ask count and its allow and updatedInput do not.
func unreadMatcher(hk settings.Hook, o HookOutcome) HookOutcome {
	o.Errors = append(o.Errors, fmt.Sprintf("hook %q (%s %s) has a matcher %q that is not a regular expression agentctl can read: "+
		"it runs for every tool, and its allow and updatedInput do not count", hk.Command, hk.Source, hk.Pos, hk.Matcher))
	if o.Decision == "allow" {
		o.Decision, o.Reason = "", ""
	}
	o.UpdatedInput = nil
	return o
}

// notCommand is the answer for a matching hook agentctl cannot run: only
// "command" hooks run here, and a hook of another type (Claude Code's
// "prompt", "agent" or "http", or a misspelt "Command") skipped without a
// word would be a deny hook lost. What it would have answered is asked.
func notCommand(hk settings.Hook) HookOutcome {
	return HookOutcome{Decision: "ask",
		Reason: fmt.Sprintf("hook %q (%s %s) is of type %q, which agentctl does not run (only \"command\"): its answer is asked instead",
			hk.Command, hk.Source, hk.Pos, hk.Type)}
}

// unchanged drops an updatedInput equal to the input the hooks were given:
// a hook that echoes the call back has not rewritten it, and neither its
// allow nor another hook's is then about a different call.
func unchanged(rs []HookOutcome, payload map[string]any) {
	orig, ok := payload["tool_input"].(map[string]any)
	if !ok {
		return
	}
	for i := range rs {
		if rs[i].UpdatedInput != nil && reflect.DeepEqual(rs[i].UpdatedInput, orig) {
			rs[i].UpdatedInput = nil
		}
	}
}
