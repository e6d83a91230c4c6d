package engine

import (
	"encoding/json"
	"fmt"
)

// Effect is what a decision lets happen to a call: allow, ask or deny. The
// zero Effect is no decision at all; it is never a permission.
type Effect uint8

// Effects.
const (
	Allow Effect = iota + 1 // run the call
	Ask                     // a person (or an approver) must answer first
	Deny                    // never run the call
)

var effectNames = [...]string{"", "allow", "ask", "deny"}

// String returns "allow", "ask" or "deny" ("" for the zero Effect).
func (e Effect) String() string {
	if int(e) < len(effectNames) {
		return effectNames[e]
	}
	return fmt.Sprintf("Effect(%d)", uint8(e))
}

// MarshalText writes the effect as its name (a JSON string; as text,
// encoding/json need not re-scan what a MarshalJSON would return).
func (e Effect) MarshalText() ([]byte, error) {
	if int(e) >= len(effectNames) {
		return nil, fmt.Errorf("engine: cannot marshal %v", e)
	}
	return []byte(e.String()), nil
}

// UnmarshalJSON reads an effect's name ("" is the zero Effect); any other
// string is an error.
func (e *Effect) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	for i, n := range effectNames {
		if n == s {
			*e = Effect(i)
			return nil
		}
	}
	return fmt.Errorf("unknown decision %q", s)
}

// Stage is where in the decision a call was decided (or a match was found):
// the policy's stages in order, then the stages outside the policy.
type Stage uint8

// Stages. StageDeny … StageDefault are the policy's, in the order it tries
// them (a hook's answer, StageHook, sits between); StageValidate and
// StageError are decided before or instead of the policy.
const (
	StageDeny     Stage = iota + 1 // a deny rule or custom deny
	StageAsk                       // an ask rule or custom ask
	StageTool                      // the tool-specific check
	StageSafety                    // protected paths
	StageHook                      // a PreToolUse hook's answer
	StageMode                      // the permission mode (and the auto-mode classifier)
	StageAllow                     // an allow rule or custom allow
	StageDefault                   // nothing decided: the fallback
	StageValidate                  // the input is invalid
	StageError                     // the call could not be decided (fail closed)
)

var stageNames = [...]string{"", "deny", "ask", "tool", "safety", "hook", "mode", "allow", "default", "validate", "error"}

// PolicyStages are the stages whose matches an explanation lists, in order.
var PolicyStages = []Stage{StageDeny, StageAsk, StageTool, StageSafety, StageMode, StageAllow}

// String returns the stage's name ("" for the zero Stage).
func (s Stage) String() string {
	if int(s) < len(stageNames) {
		return stageNames[s]
	}
	return fmt.Sprintf("Stage(%d)", uint8(s))
}

// MarshalText writes the stage as its name (a JSON string).
func (s Stage) MarshalText() ([]byte, error) {
	if int(s) >= len(stageNames) {
		return nil, fmt.Errorf("engine: cannot marshal %v", s)
	}
	return []byte(s.String()), nil
}

// UnmarshalJSON reads a stage's name ("" is the zero Stage); any other
// string is an error.
func (s *Stage) UnmarshalJSON(b []byte) error {
	var n string
	if err := json.Unmarshal(b, &n); err != nil {
		return err
	}
	for i, name := range stageNames {
		if name == n {
			*s = Stage(i)
			return nil
		}
	}
	return fmt.Errorf("unknown stage %q", n)
}

// Listed reports whether explanations list the stage's matches (one of
// PolicyStages).
func (s Stage) Listed() bool {
	for _, p := range PolicyStages {
		if p == s {
			return true
		}
	}
	return false
}
