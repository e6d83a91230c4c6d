package settings

import (
	"encoding/json"
	"fmt"
)

// Source names where a rule or setting came from. The order of the constants
// is the precedence for scalar keys, highest first.
type Source int

// The eight sources of settings.
const (
	PolicySettings Source = iota
	FlagSettings
	CLIArg
	LocalSettings
	ProjectSettings
	UserSettings
	CommandSettings
	SessionSettings
)

var sourceNames = [...]string{"policySettings", "flagSettings", "cliArg", "localSettings",
	"projectSettings", "userSettings", "command", "session"}

// String returns the name Claude Code uses for the source.
func (s Source) String() string {
	if s < 0 {
		return "default"
	}
	if int(s) < len(sourceNames) {
		return sourceNames[s]
	}
	return fmt.Sprintf("Source(%d)", int(s))
}

// ParseSource maps a source name back to its value.
func ParseSource(name string) (Source, error) {
	for i, n := range sourceNames {
		if n == name {
			return Source(i), nil
		}
	}
	return 0, fmt.Errorf("unknown settings source %q", name)
}

// MarshalJSON encodes the source as its name.
func (s Source) MarshalJSON() ([]byte, error) { return json.Marshal(s.String()) }

// UnmarshalJSON decodes a source name.
func (s *Source) UnmarshalJSON(b []byte) error {
	var name string
	if err := json.Unmarshal(b, &name); err != nil {
		return err
	}
	v, err := ParseSource(name)
	*s = v
	return err
}

// Behavior is what a permission rule does when it matches.
type Behavior string

// The three rule behaviours, in evaluation order.
const (
	Deny  Behavior = "deny"
	Ask   Behavior = "ask"
	Allow Behavior = "allow"
)

// Modes lists the permission modes agentctl understands.
var Modes = []string{"default", "acceptEdits", "plan", "auto", "dontAsk", "bypassPermissions"}

// ValidMode reports whether m is a permission mode name.
func ValidMode(m string) bool {
	for _, v := range Modes {
		if v == m {
			return true
		}
	}
	return false
}
