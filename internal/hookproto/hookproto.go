// Package hookproto speaks the Claude Code hook protocol: it writes the JSON
// a hook reads on stdin (EncodeInput, in Claude Code's field order) and reads
// the answers of the commands that speak it (PreToolUse hooks,
// PermissionRequest approvers and the auto-mode classifier print the same
// JSON shapes).
package hookproto

import (
	"bytes"
	"errors"
	"strings"
	"unicode"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
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
		// UpdatedInput is a PermissionRequest allow's rewrite of the call.
		UpdatedInput map[string]any `json:"updatedInput"`
	} `json:"decision"`
}

// ErrNoJSON is returned for output that is not a JSON object.
var ErrNoJSON = errors.New("output is not a JSON object")

// Parse reads a hook's stdout as Claude Code does: JSON.parse, then each
// field by its exact name, the last of duplicate names winning. Go's
// encoding/json matched names in any letter case, so an answer holding
// "permissionDecision": "deny" and then "PermissionDecision": "allow" was
// an allow to agentctl and a deny to Claude Code, and a lone
// "PermissionDecision": "allow", which Claude Code ignores, approved the
// call. ParseFolded is the other reading.
func Parse(stdout []byte) (Output, error) {
	return parse(stdout, false)
}

// ParseFolded reads stdout with names matched in any letter case: what a
// hook that wrote "PermissionDecision" or "Decision" meant, which Claude
// Code does not read. Its deny and ask are worth counting; its allow is not.
func ParseFolded(stdout []byte) (Output, error) {
	return parse(stdout, true)
}

func parse(stdout []byte, folded bool) (Output, error) {
	var o Output
	b := bytes.TrimFunc(stdout, jsTrimmed)
	if len(b) == 0 || b[0] != '{' {
		return o, ErrNoJSON
	}
	return o, jsonv2.Unmarshal(b, &o, jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true),
		jsonv2.MatchCaseInsensitiveNames(folded))
}

// Field is one decision field of an answer, read.
type Field struct {
	// Name is where it was written: hookSpecificOutput.permissionDecision,
	// hookSpecificOutput.decision.behavior, behavior or decision.
	Name, Value, Reason string
	// Decision is the value read as allow, ask or deny (see ReadDecision).
	Decision string
	// Known is false for a value that is none of them.
	Known bool
}

// Fields returns the decision fields the answer sets, in the order above.
func (o Output) Fields() []Field {
	hs := o.HookSpecificOutput
	all := []Field{
		{Name: "hookSpecificOutput.permissionDecision", Value: hs.PermissionDecision, Reason: hs.PermissionDecisionReason},
		{Name: "hookSpecificOutput.decision.behavior", Value: hs.Decision.Behavior, Reason: hs.Decision.Message},
		{Name: "behavior", Value: o.Behavior, Reason: o.Message},
		{Name: "decision", Value: o.Decision, Reason: o.Reason},
	}
	var out []Field
	for _, f := range all {
		if f.Value == "" {
			continue
		}
		f.Decision, f.Known = ReadDecision(f.Value, f.Name == "decision")
		out = append(out, f)
	}
	return out
}

// ReadDecision reads one decision value fail-closed: deny (or block), ask
// and defer in any letter case and with spaces around them; allow only as
// written ("approve" too in the older top-level decision). Any other value
// is ask, and known is false: the writer meant something agentctl cannot
// read, and it must not be an allow.
func ReadDecision(v string, topLevel bool) (decision string, known bool) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "deny", "block":
		return "deny", true
	case "ask":
		return "ask", true
	case "defer":
		// Claude Code's "no decision here, let the host decide": no
		// verdict, but never an allow.
		return "defer", true
	}
	if v == "allow" || topLevel && v == "approve" {
		return "allow", true
	}
	return "ask", false
}

var strictness = map[string]int{"allow": 1, "ask": 2, "deny": 3}

// Verdict returns the permission answer as allow, ask or deny: the
// strictest of every decision field the output sets (Fields), so an answer
// that says both "deny" and "allow" — behavior beside
// hookSpecificOutput.permissionDecision — denies. The reason is the
// deciding field's. An empty verdict means the output did not decide.
func (o Output) Verdict() (verdict, reason string) {
	for _, f := range o.Fields() {
		if strictness[f.Decision] > strictness[verdict] {
			verdict, reason = f.Decision, f.Reason
		} else if f.Decision == verdict && reason == "" {
			reason = f.Reason
		}
	}
	return verdict, reason
}

// jsTrimmed is what JavaScript's String.prototype.trim removes, which
// Claude Code applies to a hook's stdout before it looks for a JSON
// answer: Go's spaces and the byte order mark U+FEFF. A hook whose output
// begins with a BOM (a Windows editor's or PowerShell's UTF-8) answered
// deny to Claude Code and nothing at all to bytes.TrimSpace.
func jsTrimmed(r rune) bool {
	return unicode.IsSpace(r) || r == '\ufeff'
}
