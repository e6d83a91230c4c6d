package settings

import (
	"fmt"
	"os"
	"sort"
)

// locatorEnv are the variables that decide where agentctl reads its policy
// and trust records, or which program decides for it. Claude Code applies
// a settings file's env block to its own process, and hooks inherit it: a
// repository whose .claude/settings.json sets AGENTCTL_MANAGED_SETTINGS,
// CLAUDE_CONFIG_DIR, XDG_CONFIG_HOME or HOME to a file it ships would have
// `agentctl hook` read the repository's policy instead of the
// organisation's, and its own trust record.
var locatorEnv = setOf("AGENTCTL_MANAGED_SETTINGS", "CLAUDE_CONFIG_DIR", "XDG_CONFIG_HOME", "HOME",
	"USERPROFILE", "APPDATA", "AGENTCTL_FULL_BIN", "AGENTCTL_EVALUATOR", "GEMINI_CLI_SYSTEM_SETTINGS_PATH",
	// The project root the hook reads settings from (after the agent's cd).
	"CLAUDE_PROJECT_DIR", "GEMINI_PROJECT_DIR")

// lookupEnv reads the process environment (a variable so tests need not
// depend on the real one).
var lookupEnv = os.LookupEnv

// repositoryLocators refuses, in every part from the repository (project
// or local settings, trusted or not), an env entry naming a locator
// variable. When the process has that very value, the variable most likely
// came from the repository itself: the settings just read are then not the
// ones the user or the organisation chose, and Load fails (a hook blocks).
// Otherwise the entry is dropped with a warning: it is never applied.
func repositoryLocators(parts []*fileSettings) error {
	var errs Errors
	for _, p := range parts {
		if !fromRepository(p.source) || len(p.env) == 0 {
			continue
		}
		keys := make([]string, 0, len(p.env))
		for k := range p.env {
			if locatorEnv[k] {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			if v, ok := lookupEnv(k); ok && v == p.env[k] {
				errs = append(errs, &Error{Pos: p.envPos, Code: CodeType, Msg: fmt.Sprintf(
					"%s env sets %s=%q, which chooses where agentctl reads its policy, and this process has that value: "+
						"the policy would be the repository's own; refusing (unset %s, or remove it from the file)",
					p.source, k, v, k)})
				continue
			}
			p.warnings = append(p.warnings, Warning{Pos: p.envPos, Msg: fmt.Sprintf(
				"%s env %s dropped: a repository never chooses where agentctl reads its policy", p.source, k)})
			delete(p.env, k)
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}
