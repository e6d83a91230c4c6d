package settings

import (
	"path/filepath"
	"strings"
)

// policyFiles lists the files and directories whose content is policy
// for this session: the managed file (read or absent: creating it adds org
// policy) and managed-settings.d beside it, a --settings file, a --policy
// directory of custom Rego and command tables, the user
// settings directory (CLAUDE_CONFIG_DIR may be anywhere), Claude Code's
// trust record and agentctl's. A write to any of them changes what the
// next call is decided by, so the engine protects them as it protects
// .git and .claude (spec §6).
func (s *Settings) policyFiles(opts Options, managed, claudeConfigDir string) []string {
	out := []string{managed, filepath.Join(filepath.Dir(managed), "managed-settings.d"), opts.ConfigDir}
	if f := opts.FlagSettings; f != "" && !strings.HasPrefix(strings.TrimSpace(f), "{") {
		out = append(out, s.abs(f))
	}
	for _, d := range opts.PolicyDirs {
		out = append(out, s.abs(d))
	}
	out = append(out, ClaudeStateFile(opts.Home, claudeConfigDir))
	store := opts.TrustStore
	if store == "" {
		store, _ = DefaultTrustStore()
	}
	if store != "" {
		out = append(out, store)
	}
	// Where `agentctl trust` writes by default (the shell analysis names it
	// so), wherever this session's own record is.
	out = append(out, filepath.Join(opts.Home, ".config", "agentctl", "trusted.json"))
	var clean []string
	seen := map[string]bool{}
	keep := func(p string) {
		if !seen[p] {
			seen[p] = true
			clean = append(clean, p)
		}
	}
	for _, p := range out {
		if p == "" {
			continue
		}
		p, err := filepath.Abs(p)
		if err != nil {
			continue
		}
		keep(p)
		if r, err := filepath.EvalSymlinks(p); err == nil {
			keep(r)
		}
	}
	return clean
}
