package agenthook

import "github.com/agentctl/agentctl/settings"

// Mode is the permission mode a call from the event is decided in: the
// agent's own mode, unless a managed lock forbids it (then the settings'
// mode). An agent cannot widen what managed settings locked. Nor can a
// repository: an agent in bypassPermissions or auto mode that the
// untrusted workspace's own settings asked for (and agentctl did not
// apply) — in any of its files, not only the one that would win — is
// decided in the settings' mode.
func Mode(s *settings.Settings, agentMode string) string {
	if s.AskedByRepository(agentMode) {
		return s.Mode.Value
	}
	switch agentMode {
	case "":
		return ""
	case "default", "plan", "dontAsk":
		return agentMode
	case "bypassPermissions":
		if s.DisableBypassPermissionsMode || s.AllowManagedPermissionRulesOnly {
			return s.Mode.Value
		}
	case "auto":
		if s.DisableAutoMode || s.AllowManagedPermissionRulesOnly {
			return s.Mode.Value
		}
	case "acceptEdits":
		if s.AllowManagedPermissionRulesOnly {
			return s.Mode.Value
		}
	default:
		return s.Mode.Value // a mode agentctl does not know widens nothing
	}
	return agentMode
}
