//go:build !agentctl_lean

package main

import (
	"fmt"
	"path/filepath"

	"github.com/agentctl/agentctl/agenthook"
	"github.com/agentctl/agentctl/settings"
)

// rejectedInstalls reports each agentctl install of Claude Code written in
// a settings file Claude Code rejects as a whole (a key of the wrong type
// anywhere in it): Claude Code runs none of that file's hooks, so agentctl
// is never asked and its policy is not enforced in that agent — a fail-open
// no other check shows, since agentctl itself loads the file.
func rejectedInstalls(installs []agenthook.Hook, rejects []settings.RejectedFile) []string {
	var out []string
	for _, h := range installs {
		if h.Agent != agenthook.Claude {
			continue
		}
		for _, f := range rejects {
			if filepath.Clean(h.File) == filepath.Clean(f.Path) {
				out = append(out, fmt.Sprintf("fail-open risk: Claude Code rejects %s as a whole (%s): it runs none of its hooks, agentctl's %s install included; fix the value",
					h.File, f.Why, h.Event))
			}
		}
	}
	return out
}
