package settings

import (
	"fmt"
	"sort"
	"strings"
)

// appliedKeys are the top-level keys agentctl acts on, with what a
// misspelling of each one loses (said in the did-you-mean warning).
var appliedKeys = map[string]string{
	"permissions":                     "its rules are NOT applied",
	"hooks":                           "its hooks do NOT run",
	"env":                             "its variables are NOT set",
	"agentctl":                        "it is NOT applied",
	"allowManagedPermissionRulesOnly": "the lock is NOT applied",
	"allowManagedHooksOnly":           "the lock is NOT applied",
	"disableBypassPermissionsMode":    "bypassPermissions is NOT disabled",
	"disableAutoMode":                 "auto mode is NOT disabled",
}

// permissionKeys are the keys agentctl reads under "permissions"; the
// managed locks are read there as well as at the top level, where real
// managed files put them too.
var permissionKeys = map[string]string{
	"allow":                           "these rules are NOT applied",
	"ask":                             "these rules are NOT applied",
	"deny":                            "these rules are NOT applied",
	"additionalDirectories":           "these directories are NOT added",
	"defaultMode":                     "the mode is NOT set",
	"disableBypassPermissionsMode":    "bypassPermissions is NOT disabled",
	"disableAutoMode":                 "auto mode is NOT disabled",
	"allowManagedPermissionRulesOnly": "the lock is NOT applied",
	"allowManagedHooksOnly":           "the lock is NOT applied",
}

// agentctlKeys are the keys of the "agentctl" object.
var agentctlKeys = map[string]string{"autoClassifier": "no classifier is configured",
	"commands": "the core command list applies"}

// claudeCodeKeys are top-level keys Claude Code defines that agentctl does
// not use: accepted without a warning, since real settings files carry them.
var claudeCodeKeys = setOf("$schema", "advisorModel", "agent", "allowAllClaudeAiMcps",
	"allowManagedMcpServersOnly", "allowedHttpHookUrls", "allowedMcpServers", "alwaysThinkingEnabled",
	"apiKeyHelper", "attribution", "autoCompactEnabled", "autoMemoryDirectory", "autoMemoryEnabled",
	"autoMode", "autoUpdatesChannel", "availableModels", "awsAuthRefresh", "awsCredentialExport",
	"blockedMarketplaces", "claudeMd", "claudeMdExcludes", "cleanupPeriodDays", "companyAnnouncements",
	"defaultShell", "deniedMcpServers", "disableAllHooks", "disabledMcpjsonServers", "editorMode",
	"effortLevel", "enableAllProjectMcpServers", "enabledMcpjsonServers", "enabledPlugins",
	"extraKnownMarketplaces", "fallbackModel", "feedbackSurveyRate", "fileSuggestion",
	"forceLoginMethod", "forceLoginOrgUUID", "gcpAuthRefresh", "httpHookAllowedEnvVars",
	"includeCoAuthoredBy", "includeGitInstructions", "language", "minimumVersion", "model",
	"modelOverrides", "otelHeadersHelper", "outputStyle", "plansDirectory", "prefersReducedMotion",
	"requiredMinimumVersion", "respectGitignore", "sandbox", "showTurnDuration",
	"skipDangerousModePermissionPrompt", "skipWebFetchPreflight", "spinnerTipsEnabled", "spinnerVerbs",
	"statusLine", "strictKnownMarketplaces", "teammateMode", "terminalProgressBarEnabled", "theme",
	"useAutoModeDuringPlan", "verbose")

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// unknownKey is the warning for a key nothing reads: with a did-you-mean
// when it is a near miss of a key agentctl applies, saying what is lost.
func unknownKey(prefix, key string, applied map[string]string) string {
	name := prefix + key
	if best, ok := nearest(key, applied); ok {
		return fmt.Sprintf("unknown key %q is ignored: did you mean %q? %s", name, prefix+best, applied[best])
	}
	known := make([]string, 0, len(applied))
	for k := range applied {
		known = append(known, k)
	}
	sort.Strings(known)
	if prefix == "" {
		return fmt.Sprintf("unknown key %q is ignored", name)
	}
	return fmt.Sprintf("unknown key %q is ignored (expected one of %s)", name, strings.Join(known, ", "))
}

// nearest returns the candidate closest to key when it is a near miss:
// the same word in another case, or at most two edits away (one for short
// words).
func nearest(key string, candidates map[string]string) (string, bool) {
	best, bestDist := "", 1<<30
	for c := range candidates {
		if strings.EqualFold(c, key) {
			return c, true
		}
		d := editDistance(strings.ToLower(key), strings.ToLower(c))
		if d < bestDist || d == bestDist && c < best {
			best, bestDist = c, d
		}
	}
	limit := 2
	if len(key) <= 4 {
		limit = 1
	}
	return best, best != "" && bestDist <= limit
}

// NearMiss returns the word of known that word is a near miss of (the same
// word in another case, or at most two edits away; one for words of four
// letters or fewer): the did-you-mean of a warning or an error. A policy
// module's misspelled verdict uses it as settings keys do.
func NearMiss(word string, known ...string) (string, bool) {
	m := make(map[string]string, len(known))
	for _, k := range known {
		m[k] = k
	}
	return nearest(word, m)
}

// editDistance is the Levenshtein distance between a and b (bytes).
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
