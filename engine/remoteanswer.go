package engine

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// remoteStages are the stages at which agentctl's decision query answers
// each decision: an answer pairing them otherwise (an allow at the deny
// stage, an ask at the allow stage) was not made by its policy.
var remoteStages = map[string]map[string]bool{
	"allow": {"allow": true, "mode": true, "hook": true},
	"ask":   {"ask": true, "tool": true, "safety": true, "hook": true, "mode": true, "default": true},
	// dontAsk turns each ask into a deny at the ask's stage.
	"deny": {"deny": true, "ask": true, "tool": true, "safety": true, "hook": true, "mode": true, "default": true},
}

// remoteRuleStages are the stages whose decision can name a settings rule.
var remoteRuleStages = map[string]bool{"deny": true, "ask": true, "allow": true}

// checkRemoteAnswer checks an OPA server's whole answer before its result
// is read as a decision: JSON that two parsers read alike (no key twice,
// valid UTF-8), a result with every field agentctl's decision query
// writes (decision, stage, reason, rule, matches, tool_name) in a pairing
// the query makes, and a server that names, among the bundles it serves,
// the revision this client's settings and modules compile to — a server
// holding another revision decides with other rules (a deny rule added
// to the settings since its bundle was built is not in it). Each problem
// is ErrMalformed: never a decision.
func (e *Engine) checkRemoteAnswer(data []byte) error {
	if err := CheckJSON("opa server answer", data); err != nil {
		return fmt.Errorf("%w: %w", ErrMalformed, err)
	}
	var a struct {
		Result     json.RawMessage `json:"result"`
		Provenance struct {
			Revision string                `json:"revision"`
			Bundles  map[string]BundleInfo `json:"bundles"`
		} `json:"provenance"`
	}
	if err := json.Unmarshal(data, &a); err != nil {
		return fmt.Errorf("%w: opa server answered %v", ErrMalformed, err)
	}
	if err := checkRemoteResult(a.Result); err != nil {
		return err
	}
	want := e.bundle.Revision()
	if a.Provenance.Revision == want {
		return nil
	}
	var served []string
	for name, b := range a.Provenance.Bundles {
		if b.Revision == want {
			return nil
		}
		served = append(served, fmt.Sprintf("%s at revision %q", name, b.Revision))
	}
	sort.Strings(served)
	if len(served) == 0 {
		return fmt.Errorf("%w: opa server names no bundle revision; this client's policy is revision %s "+
			"(serve the bundle `agentctl bundle build` writes: the server must decide with these rules)", ErrMalformed, want)
	}
	return fmt.Errorf("%w: opa server serves %s; this client's settings and modules compile to revision %s "+
		"(a stale or other policy: rebuild the bundle and deploy it)", ErrMalformed, strings.Join(served, ", "), want)
}

// checkRemoteResult checks the result's fields and their pairing.
func checkRemoteResult(raw json.RawMessage) error {
	var r map[string]json.RawMessage
	if err := json.Unmarshal(raw, &r); err != nil {
		return fmt.Errorf("%w: opa server's result: %w", ErrMalformed, err)
	}
	fields := []string{"decision", "stage", "reason", "rule", "matches", "tool_name"}
	for _, k := range fields {
		if _, ok := r[k]; !ok {
			return fmt.Errorf("%w: opa server's result has no %q: not agentctl's decision", ErrMalformed, k)
		}
	}
	for k := range r {
		// Go reads "Decision" into the decision too, after "decision".
		for _, f := range fields {
			if k != f && strings.EqualFold(k, f) {
				return fmt.Errorf("%w: opa server's result names %q besides %q", ErrMalformed, k, f)
			}
		}
	}
	var d struct {
		Decision, Stage, Reason string
		Rule                    json.RawMessage
		Matches                 []json.RawMessage
	}
	if err := json.Unmarshal(raw, &d); err != nil {
		return fmt.Errorf("%w: opa server's result: %w", ErrMalformed, err)
	}
	if !remoteStages[d.Decision][d.Stage] {
		return fmt.Errorf("%w: opa server answered %q at stage %q, which agentctl's policy never pairs", ErrMalformed, d.Decision, d.Stage)
	}
	if strings.TrimSpace(d.Reason) == "" {
		return fmt.Errorf("%w: opa server's result gives no reason", ErrMalformed)
	}
	if d.Matches == nil {
		return fmt.Errorf("%w: opa server's result has no list of matches", ErrMalformed)
	}
	if string(d.Rule) != "null" && !remoteRuleStages[d.Stage] {
		return fmt.Errorf("%w: opa server's result names a rule at stage %q", ErrMalformed, d.Stage)
	}
	return nil
}
