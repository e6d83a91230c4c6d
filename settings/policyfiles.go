package settings

import (
	"os"
	"path/filepath"
	"strings"
)

// hookConfigFiles are the Gemini CLI and Cursor files `agentctl hooks
// install` writes agentctl's hook into (user, project and system scope):
// rewriting one drops or changes the hook that enforces this policy on
// those agents, as rewriting Claude Code's settings would. (Claude Code's
// are under .claude, the user settings directory or the managed file.)
// Cursor's mcp.json files are policy too: the Cursor hook names an MCP
// call's server (mcp__SERVER__…, what rules match) by them.
func hookConfigFiles(home, cwd string) []string {
	gemini := os.Getenv("GEMINI_CLI_SYSTEM_SETTINGS_PATH")
	if gemini == "" {
		gemini = "/etc/gemini-cli/settings.json"
	}
	return []string{
		filepath.Join(home, ".gemini", "settings.json"), filepath.Join(home, ".cursor", "hooks.json"),
		filepath.Join(cwd, ".gemini", "settings.json"), filepath.Join(cwd, ".cursor", "hooks.json"),
		gemini, "/etc/cursor/hooks.json",
		filepath.Join(home, ".cursor", "mcp.json"), filepath.Join(cwd, ".cursor", "mcp.json"),
		// Gemini CLI loads more than settings.json from the workspace's
		// .gemini: the extensions there (their MCP servers and hooks, which
		// the Gemini hook reads to tell a repository's server), .gemini/.env
		// (BASH_ENV, PATH for every command it runs), its commands. A
		// session writing one widens the next session's policy, as writing
		// .mcp.json or .claude would. The user's extensions and .env too.
		filepath.Join(cwd, ".gemini"),
		filepath.Join(home, ".gemini", "extensions"), filepath.Join(home, ".gemini", ".env"),
	}
}

// policyFiles lists the files and directories whose content is policy
// for this session: the managed file (read or absent: creating it adds org
// policy) and managed-settings.d beside it, a --settings file, a --policy
// directory of custom Rego and command tables, the user
// settings directory (CLAUDE_CONFIG_DIR may be anywhere), Claude Code's
// trust record and agentctl's, the scripts the hooks and the
// classifier run (commandFiles), and where the repository's own settings
// lead through a symlink (repositoryPolicyLinks). A write to any of them
// changes what the next call is decided by, so the engine protects them
// as it protects .git and .claude (spec §6).
func (s *Settings) policyFiles(opts Options, managed, claudeConfigDir, root string) []string {
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
	out = append(out, hookConfigFiles(opts.Home, opts.Cwd)...)
	out = append(out, s.commandFiles()...)
	out = append(out, repositoryPolicyLinks(opts.Cwd, root)...)
	links, complete := repositoryProtectedLinks(opts.Cwd, root, filepath.Join(opts.Home, ".claude"), filepath.Clean(opts.ConfigDir))
	if !complete {
		s.warn(Position{File: filepath.Join(opts.Cwd, ".claude")}, "a protected directory of the repository holds more than %d entries: "+
			"links out of it cannot all be found, so every write in the working directory asks", maxProtectedLinkEntries)
	}
	out = append(out, links...)
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
		// Where a write lands, a dangling symlink's target included:
		// creating it creates the file.
		if r, ok := linkTarget(p); ok {
			keep(r)
		}
	}
	return clean
}
