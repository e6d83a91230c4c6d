package engine

import (
	"encoding/json"
	"fmt"
	"strings"
)

// RuleRef names a settings rule and where it was written.
type RuleRef struct {
	Text     string `json:"text"`
	Behavior string `json:"behavior"`
	Source   string `json:"source"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
}

// Location formats the rule's file:line (file alone for CLI flags).
func (r RuleRef) Location() string {
	if r.Line > 0 {
		return fmt.Sprintf("%s:%d", r.File, r.Line)
	}
	return r.File
}

// Match is one finding of one stage: a rule that matched, or a check
// (tool, safety, mode) with its reason. Explanations show all of them.
type Match struct {
	Stage    Stage  `json:"stage"`
	Reason   string `json:"reason,omitempty"`
	Decision Effect `json:"decision,omitempty"`
	*RuleRef
}

// UnmarshalJSON reads the flattened form back.
func (m *Match) UnmarshalJSON(b []byte) error {
	var raw struct {
		Stage    Stage  `json:"stage"`
		Reason   string `json:"reason"`
		Decision Effect `json:"decision"`
		Text     string `json:"text"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	m.Stage, m.Reason, m.Decision = raw.Stage, raw.Reason, raw.Decision
	if raw.Text != "" {
		m.RuleRef = &RuleRef{}
		return json.Unmarshal(b, m.RuleRef)
	}
	return nil
}

// Decision is the policy's answer for one call. It is data: an error from
// Decide means "could not decide", never a permission.
type Decision struct {
	Decision Effect   `json:"decision"`
	Stage    Stage    `json:"stage"`
	Reason   string   `json:"reason"`
	Rule     *RuleRef `json:"rule"`
	Matches  []Match  `json:"matches"`
	ToolName string   `json:"tool_name"`
}

// parseDecision checks the policy result's shape: anything but a well-formed
// allow/ask/deny fails closed.
func parseDecision(v any) (Decision, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return Decision{}, err
	}
	var d Decision
	if err := json.Unmarshal(b, &d); err != nil {
		return Decision{}, fmt.Errorf("%w: %w", ErrMalformed, err)
	}
	switch d.Decision {
	case Allow, Ask, Deny:
	default:
		return Decision{}, fmt.Errorf("%w: decision %q", ErrMalformed, d.Decision)
	}
	if d.Stage == 0 {
		return Decision{}, fmt.Errorf("%w: no stage", ErrMalformed)
	}
	if d.Matches == nil {
		d.Matches = []Match{}
	}
	return d, nil
}

// Invalid is the decision for a call whose input failed validation: a deny
// at stage validate, with the model-readable problems as the reason.
func Invalid(tool string, problems ...string) Decision {
	return Decision{Decision: Deny, Stage: StageValidate, Reason: strings.Join(problems, "\n"), Matches: []Match{}, ToolName: tool}
}

// denyError is the fail-closed decision for a call that could not be decided.
func denyError(tool string, err error) Decision {
	return Decision{Decision: Deny, Stage: StageError, Reason: "could not decide (failing closed): " + err.Error(),
		Matches: []Match{}, ToolName: tool}
}
