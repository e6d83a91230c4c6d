package engine

import (
	"encoding/json"
	"fmt"
	"strconv"
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

// MarshalJSON flattens the rule fields into the match object. The keys
// come in sorted order, as they did when this was a map (output is
// compared byte for byte). It appends the bytes itself: a batch writes
// several matches per decision, and reflection was most of its output cost
// (TestMatchJSONEqualsReflect holds the two forms equal).
func (m Match) MarshalJSON() ([]byte, error) {
	if int(m.Decision) >= len(effectNames) || int(m.Stage) >= len(stageNames) {
		return nil, fmt.Errorf("engine: cannot marshal match %v/%v", m.Stage, m.Decision)
	}
	b := make([]byte, 0, 96+len(m.Reason))
	b = append(b, '{')
	r := m.RuleRef
	if r != nil {
		b = append(b, `"behavior":`...)
		b = appendJSONString(b, r.Behavior)
		b = append(b, `,"column":`...)
		b = strconv.AppendInt(b, int64(r.Column), 10)
		b = append(b, ',')
	}
	if m.Decision != 0 {
		b = append(b, `"decision":`...)
		b = appendJSONString(b, m.Decision.String())
		b = append(b, ',')
	}
	if r != nil {
		b = append(b, `"file":`...)
		b = appendJSONString(b, r.File)
		b = append(b, `,"line":`...)
		b = strconv.AppendInt(b, int64(r.Line), 10)
		b = append(b, ',')
	}
	if m.Reason != "" {
		b = append(b, `"reason":`...)
		b = appendJSONString(b, m.Reason)
		b = append(b, ',')
	}
	if r != nil {
		b = append(b, `"source":`...)
		b = appendJSONString(b, r.Source)
		b = append(b, ',')
	}
	b = append(b, `"stage":`...)
	b = appendJSONString(b, m.Stage.String())
	if r != nil {
		b = append(b, `,"text":`...)
		b = appendJSONString(b, r.Text)
	}
	return append(b, '}'), nil
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
