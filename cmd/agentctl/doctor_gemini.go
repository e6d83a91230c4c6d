//go:build !agentctl_lean

package main

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/agentctl/agentctl/agenthook"
)

// geminiSwitchedOff reports, when agentctl is installed for Gemini CLI,
// every Gemini settings file in effect here (each scope: system, user,
// project) that switches the hook off. Gemini reads a trusted project's
// .gemini/settings.json too, so a repository can turn off the user's
// install while doctor, looking at the install alone, saw it in place.
func geminiSwitchedOff(c *cli.Context, installs []agenthook.Hook) []string {
	gemini := false
	for _, h := range installs {
		gemini = gemini || h.Agent == agenthook.Gemini
	}
	if !gemini {
		return nil
	}
	env, err := hookEnv(c)
	if err != nil {
		return []string{err.Error()}
	}
	var out []string
	for _, scope := range agenthook.Scopes {
		path, err := agenthook.Location(agenthook.Gemini, scope, env)
		if err != nil {
			continue
		}
		offs, err := agenthook.GeminiHooksOff(path)
		if err != nil {
			out = append(out, err.Error())
			continue
		}
		for _, o := range offs {
			out = append(out, fmt.Sprintf("fail-open risk: gemini %s %s: %s", scope, path, o))
		}
	}
	return out
}
