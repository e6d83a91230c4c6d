package engine

import "fmt"

// customVerdicts are the custom org modules' first deny, ask and allow
// messages, each already formatted as decision.rego formats it ("" when
// the module defines none).
type customVerdicts struct {
	deny, ask, allow string
}

// decide ports decision.rego: the verdict (the first stage that decides),
// dontAsk, and every stage's matches. custom is called only when the
// verdict reaches the custom modules' stage (nil: no custom modules).
func (x *nativeIndex) decide(in *callInput, custom func() (customVerdicts, error)) (Decision, error) {
	n := newNativeEval(x, in)
	defer n.release()
	deny := n.matching(x.deny, "deny")
	ask := n.matching(x.ask, "ask")
	toolF := n.toolFindings()
	safetyF := n.safetyFindings()
	modeDecision, modeReason, modeOK := n.modeResult()
	allow := n.allowStage()
	if n.err != nil {
		return Decision{}, n.err
	}

	hookDecision, hookReason := "none", ""
	if in.Hook != nil {
		hookDecision, hookReason = in.Hook.Decision, in.Hook.Reason
	}
	var cv customVerdicts
	var cvErr error
	cvDone := false
	customFirst := func(pick func(customVerdicts) string) (string, bool) {
		if custom == nil || cvErr != nil {
			return "", false
		}
		if !cvDone {
			cv, cvErr = custom()
			cvDone = true
			if cvErr != nil {
				return "", false
			}
		}
		m := pick(cv)
		return m, m != ""
	}
	d := Decision{ToolName: in.Tool}
	verdict := func(decision Effect, stage Stage, reason string, r *nativeRule) {
		d.Decision, d.Stage, d.Reason = decision, stage, reason
		if r != nil {
			ref := r.ref
			d.Rule = &ref
		}
	}
	switch {
	case len(deny) > 0:
		verdict(Deny, StageDeny, "denied by rule "+deny[0].describe, deny[0])
	case first(customFirst(func(c customVerdicts) string { return c.deny })):
		verdict(Deny, StageDeny, cv.deny, nil)
	case cvErr != nil:
		return Decision{}, cvErr
	case hookDecision == "deny":
		verdict(Deny, StageHook, "denied by PreToolUse hook: "+hookReason, nil)
	case modeOK && modeDecision == Deny:
		// Plan mode's deny beats every ask (decision.rego).
		verdict(modeDecision, StageMode, modeReason, nil)
	case len(ask) > 0:
		verdict(Ask, StageAsk, fmt.Sprintf("rule %s requires approval", ask[0].describe), ask[0])
	case first(customFirst(func(c customVerdicts) string { return c.ask })):
		verdict(Ask, StageAsk, cv.ask, nil)
	case cvErr != nil:
		return Decision{}, cvErr
	case len(toolF) > 0:
		verdict(Ask, StageTool, joinSet(toolF), nil)
	case len(safetyF) > 0:
		verdict(Ask, StageSafety, joinSet(safetyF), nil)
	case hookDecision == "ask":
		verdict(Ask, StageHook, "PreToolUse hook asks: "+hookReason, nil)
	case modeOK:
		verdict(modeDecision, StageMode, modeReason, nil)
	case allow.ok && len(allow.used) > 0:
		verdict(Allow, StageAllow, "allowed by rule "+allow.used[0].describe, allow.used[0])
	case first(customFirst(func(c customVerdicts) string { return c.allow })):
		verdict(Allow, StageAllow, cv.allow, nil)
	case cvErr != nil:
		return Decision{}, cvErr
	case hookDecision == "allow" && in.Mode != "dontAsk":
		// dontAsk runs only what rules or read-only detection allow
		// (decision.rego): a hook's allow does not answer its fallback.
		verdict(Allow, StageHook, "allowed by PreToolUse hook: "+hookReason, nil)
	case len(allow.unapproved) > 0:
		verdict(Ask, StageDefault, fmt.Sprintf("%s needs approval: %s", in.Tool, joinSet(allow.unapproved)), nil)
	default:
		verdict(Ask, StageDefault, "no rule allows "+in.Tool, nil)
	}
	if in.Mode == "dontAsk" && d.Decision == Ask {
		d.Decision, d.Reason = Deny, d.Reason+" (dontAsk mode denies what would ask)"
	}

	d.Matches = make([]Match, 0, len(deny)+len(ask)+len(toolF)+len(safetyF)+1+len(allow.used))
	rules := func(stage Stage, rs ruleSet) {
		for _, r := range rs {
			m := Match{Stage: stage}
			if r.Text != "" {
				m.RuleRef = &r.ref // the index's own, never written
			}
			d.Matches = append(d.Matches, m)
		}
	}
	rules(StageDeny, deny)
	rules(StageAsk, ask)
	for _, f := range toolF {
		d.Matches = append(d.Matches, Match{Stage: StageTool, Reason: f})
	}
	for _, f := range safetyF {
		d.Matches = append(d.Matches, Match{Stage: StageSafety, Reason: f})
	}
	if modeOK {
		d.Matches = append(d.Matches, Match{Stage: StageMode, Reason: modeReason, Decision: modeDecision})
	}
	rules(StageAllow, allow.used)
	return jsonDecision(d), nil
}

// first is the ok of a (value, ok) pair.
func first(_ string, ok bool) bool { return ok }
