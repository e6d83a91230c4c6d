package settings

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// claudeTrustedProjects reads the projects Claude Code's state file marks
// trusted: projects[<dir>].hasTrustDialogAccepted == true, with both keys
// spelled exactly so.
//
// encoding/json matches a struct field's key case-insensitively; Claude
// Code (JavaScript) does not. A record holding "HasTrustDialogAccepted":
// true or "Projects" trusted the workspace for agentctl only: its hook
// then answered allow from the repository's own Bash(curl:*), which
// Claude Code, for which that workspace is untrusted, asks about. Maps
// keep their keys exactly, and a later duplicate key replaces an earlier
// one, as in JavaScript.
func claudeTrustedProjects(data []byte) (map[string]bool, error) {
	var state map[string]json.RawMessage
	if err := json.Unmarshal(data, &state); err != nil {
		return nil, err
	}
	raw, ok := state["projects"]
	if !ok || bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		return nil, nil
	}
	var projects map[string]map[string]json.RawMessage
	if err := json.Unmarshal(raw, &projects); err != nil {
		return nil, fmt.Errorf("projects: %w", err)
	}
	out := make(map[string]bool, len(projects))
	for dir, p := range projects {
		out[dir] = bytes.Equal(bytes.TrimSpace(p["hasTrustDialogAccepted"]), []byte("true"))
	}
	return out, nil
}
