package settings

import (
	"errors"
	"fmt"
)

// Error codes carried by *Error, stable for scripts and tests (OPA style).
const (
	CodeSyntax     = "agentctl_settings_syntax_error"
	CodeType       = "agentctl_settings_type_error"
	CodeUnknownKey = "agentctl_settings_unknown_key"
	CodeRule       = "agentctl_settings_rule_error"
	CodeRead       = "agentctl_settings_read_error"
	CodeMode       = "agentctl_settings_mode_error"
	CodeLimit      = "agentctl_settings_limit_error"
)

// ErrInvalid is matched (errors.Is) by every settings error that stems from
// the content of a file or flag rather than from the system.
var ErrInvalid = errors.New("invalid settings")

// ErrBypassDisabled is returned when bypassPermissions mode is requested
// while disableBypassPermissionsMode is set.
var ErrBypassDisabled = errors.New("bypassPermissions mode is disabled by disableBypassPermissionsMode")

// ErrAutoDisabled is returned when auto mode is requested while
// disableAutoMode is set.
var ErrAutoDisabled = errors.New("auto mode is disabled by disableAutoMode")

// ErrTooLarge is returned for a document that expands past agentctl's
// bounds (a YAML alias bomb).
var ErrTooLarge = errors.New("settings document too large")

// ErrManagedMissing is returned when a managed settings file named by
// --managed-settings or AGENTCTL_MANAGED_SETTINGS does not exist.
var ErrManagedMissing = errors.New("named managed settings file does not exist")

// ErrRelativeLocator is returned when the environment names where policy
// is read (AGENTCTL_MANAGED_SETTINGS, CLAUDE_CONFIG_DIR) by a relative
// path: it is relative to wherever the agent runs its hook, the
// repository, and an agent that loads a project's .env (Gemini CLI) sets
// it from the repository's own file.
var ErrRelativeLocator = errors.New("policy location named by a relative path in the environment")

// Position locates a value in a settings file or on the command line.
// Line and Column are 1-based; zero means unknown (e.g. a CLI flag).
type Position struct {
	File   string `json:"file"`
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
}

// String formats the position as file:line:col, omitting unknown parts.
func (p Position) String() string {
	switch {
	case p.Line == 0:
		return p.File
	case p.Column == 0:
		return fmt.Sprintf("%s:%d", p.File, p.Line)
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Column)
}

// Error is a settings problem at a position in a file. It prints as
// "file:line:col: message".
type Error struct {
	Pos  Position
	Code string
	Msg  string
	Err  error // underlying cause, if any
}

func (e *Error) Error() string {
	return e.Pos.String() + ": " + e.Msg
}

// Unwrap returns the underlying cause.
func (e *Error) Unwrap() error { return e.Err }

// Is makes every content error match ErrInvalid.
func (e *Error) Is(target error) bool {
	return target == ErrInvalid && e.Code != CodeRead
}

// Errors is a list of settings errors reported together, so a user fixes all
// of a file's problems in one round.
type Errors []*Error

func (es Errors) Error() string {
	s := ""
	for i, e := range es {
		if i > 0 {
			s += "\n"
		}
		s += e.Error()
	}
	return s
}

// Unwrap exposes each error to errors.Is and errors.As.
func (es Errors) Unwrap() []error {
	out := make([]error, len(es))
	for i, e := range es {
		out[i] = e
	}
	return out
}

// Warning is a suspicious but accepted piece of settings, such as a rule that
// is never consulted.
type Warning struct {
	Pos Position `json:"pos"`
	Msg string   `json:"message"`
}

// String formats the warning as "file:line:col: warning: message".
func (w Warning) String() string { return w.Pos.String() + ": warning: " + w.Msg }
