// Package hookproto speaks the Claude Code hook protocol: it writes the JSON
// a hook reads on stdin (EncodeInput, in Claude Code's field order) and reads
// the answers of the commands that speak it (PreToolUse hooks,
// PermissionRequest approvers and the auto-mode classifier print the same
// JSON shapes).
package hookproto

import (
	"bytes"
	"encoding/json"
	"errors"
)

// Output is everything a hook may print on stdout.
type Output struct {
	Continue      *bool  `json:"continue"`
	StopReason    string `json:"stopReason"`
	SystemMessage string `json:"systemMessage"`
	// Decision and Reason are the top-level (older) fields: "block"/"approve".
	Decision string `json:"decision"`
	Reason   string `json:"reason"`
	// Behavior, Message and Always are what a permission prompt tool answers.
	Behavior           string   `json:"behavior"`
	Message            string   `json:"message"`
	Always             bool     `json:"always"`
	HookSpecificOutput Specific `json:"hookSpecificOutput"`
}

// Specific is hookSpecificOutput.
type Specific struct {
	HookEventName            string         `json:"hookEventName"`
	PermissionDecision       string         `json:"permissionDecision"`
	PermissionDecisionReason string         `json:"permissionDecisionReason"`
	UpdatedInput             map[string]any `json:"updatedInput"`
	AdditionalContext        string         `json:"additionalContext"`
	Decision                 struct {
		Behavior string `json:"behavior"`
		Message  string `json:"message"`
	} `json:"decision"`
}

// ErrNoJSON is returned for output that is not a JSON object.
var ErrNoJSON = errors.New("output is not a JSON object")

// Parse reads a hook's stdout.
func Parse(stdout []byte) (Output, error) {
	var o Output
	b := bytes.TrimSpace(stdout)
	if len(b) == 0 || b[0] != '{' {
		return o, ErrNoJSON
	}
	return o, json.Unmarshal(b, &o)
}

// Verdict returns the permission answer in allow/ask/deny terms, from the
// first of: hookSpecificOutput.permissionDecision, .decision.behavior, the
// permission-prompt behavior, the top-level decision ("approve"/"block").
// An empty verdict means the output did not decide.
func (o Output) Verdict() (verdict, reason string) {
	hs := o.HookSpecificOutput
	switch {
	case hs.PermissionDecision != "":
		return hs.PermissionDecision, hs.PermissionDecisionReason
	case hs.Decision.Behavior != "":
		return hs.Decision.Behavior, hs.Decision.Message
	case o.Behavior != "":
		return o.Behavior, o.Message
	case o.Decision == "block":
		return "deny", o.Reason
	case o.Decision == "approve":
		return "allow", o.Reason
	case o.Decision != "":
		return o.Decision, o.Reason
	}
	return "", ""
}
