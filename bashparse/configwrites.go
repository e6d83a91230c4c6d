package bashparse

import "strings"

// configWrites are the configuration files a command writes when it sets
// a setting through a subcommand rather than naming the file: git config,
// npm config, and agentctl's trust, hooks install and bundle build. The
// files name programs the tool later runs (git's core.hooksPath and
// aliases, npm's script-shell, an agent's hooks) or are this session's
// policy, and many are protected paths (.git/config, ~/.gitconfig, .npmrc,
// .claude/settings.json, the trust record).
//
// inner is the command with its wrappers (and git's global options) peeled.
func configWrites(inner []Word) []File {
	if len(inner) > 0 && inner[0].Static() && isAgentctl(inner[0].Value) {
		return agentctlWrites(inner[1:])
	}
	if len(inner) > 1 && !inner[0].Static() {
		// A program named at run time ($A trust ., "$(which agentctl)"
		// hooks install) may be agentctl: its policy writes are named.
		var out []File
		for _, f := range agentctlWrites(inner[1:]) {
			if f.Via == "agentctl trust" || strings.HasPrefix(f.Via, "agentctl hooks ") {
				out = append(out, f)
			}
		}
		return out
	}
	if f, ok := configWrite(inner); ok {
		return []File{f}
	}
	return nil
}

// configWrite is the file git config or npm config writes.
func configWrite(inner []Word) (File, bool) {
	if len(inner) < 2 {
		return File{}, false
	}
	name, args := inner[0].Value, inner[1:]
	var target string
	var ok bool
	switch {
	case name == "git" && args[0].Value == "config":
		target, ok = scanGitConfig(args[1:]).writes()
	case name == "npm" && (args[0].Value == "config" || args[0].Value == "c") && len(args) > 1:
		target, ok = npmConfigWrite(args[1].Value, values(args[2:]))
	case name == "npm" && (args[0].Value == "set" || args[0].Value == "delete"):
		target, ok = npmConfigWrite(args[0].Value, values(args[1:]))
	}
	if !ok {
		return File{}, false
	}
	return File{Path: target, Access: Write, Via: name + " config", Tilde: strings.HasPrefix(target, "~")}, true
}

// values are the words' texts.
func values(ws []Word) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.Value
	}
	return out
}

// npmConfigWrite is the npmrc `npm config ACTION` writes: set, delete (rm,
// del), edit and fix write the user's ~/.npmrc, the project's .npmrc
// (--location=project), the global one, or --userconfig FILE; get and
// list only read.
func npmConfigWrite(action string, args []string) (string, bool) {
	switch action {
	case "set", "delete", "rm", "del", "edit", "fix":
	default:
		return "", false
	}
	target := "~/.npmrc"
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--location" || a == "-L":
			if i+1 < len(args) {
				target = npmLocation(args[i+1], target)
				i++
			}
		case strings.HasPrefix(a, "--location="):
			target = npmLocation(strings.TrimPrefix(a, "--location="), target)
		case a == "-g" || a == "--global":
			target = "/etc/npmrc"
		case a == "--userconfig":
			if i+1 < len(args) {
				target = args[i+1]
				i++
			}
		case strings.HasPrefix(a, "--userconfig="):
			target = strings.TrimPrefix(a, "--userconfig=")
		}
	}
	return target, true
}

// npmLocation maps --location to its npmrc.
func npmLocation(loc, dflt string) string {
	switch loc {
	case "project":
		return ".npmrc"
	case "global":
		return "/etc/npmrc"
	case "user":
		return "~/.npmrc"
	}
	return dflt
}
