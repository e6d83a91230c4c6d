package bashparse

import (
	"strings"

	"github.com/agentctl/agentctl/internal/lazyre"
)

// gitProgramKey matches configuration keys whose value is a program or a
// shell command git runs.
var gitProgramKey = lazyre.New(`(?i)^(alias\..+|core\.(pager|editor|sshcommand|askpass|fsmonitor|hookspath|gitproxy)|init\.templatedir|pager\..+|sequence\.editor|diff\.external|diff\..+\.(command|textconv)|merge\..+\.driver|filter\..+\.(clean|smudge|process)|credential(\..+)?\.helper|gpg(\..+)?\.program|uploadpack\.packobjectshook|remote\..+\.(uploadpack|receivepack|proxy)|(web|help)\.browser|browser\..+\.(cmd|path)|man\..+\.(cmd|path)|(merge|diff)tool\..+\.(cmd|path)|interactive\.difffilter|sendemail\..+|imap\.tunnel|include(if\..+)?\.path|http\..*proxy|protocol\..+\.allow|ssh\.variant|submodule\..+\.update|trailer\..+\.(command|cmd)|core\.alternaterefscommand)$`)

// gitConfigPayloads reads one `key=value` (git -c) or key and value (git
// config): a program-naming key's value is analysed as the command it is.
func gitConfigPayloads(kv, value string, dynamic bool) []payload {
	key := kv
	if value == "" {
		key, value, _ = strings.Cut(kv, "=")
	}
	if !gitProgramKey.MatchString(key) {
		return gitURLConfigPayloads(key, value, dynamic)
	}
	lk := strings.ToLower(key)
	switch {
	case strings.HasPrefix(lk, "submodule.") && !strings.HasPrefix(value, "!") && !dynamic:
		return nil // checkout, rebase, merge, none: git's own update modes
	case dynamic:
		return []payload{{unresolved: true, reason: ReasonProgramConfig, origin: "git config",
			script: "git configuration " + key + " is not static"}}
	case strings.HasPrefix(lk, "alias."):
		if s, ok := strings.CutPrefix(value, "!"); ok {
			return []payload{{script: s, origin: "git alias " + key, reason: ReasonDynamicShell}}
		}
		return []payload{{script: "git " + value, origin: "git alias " + key, reason: ReasonDynamicShell}}
	case strings.HasPrefix(lk, "include") || lk == "core.hookspath" || lk == "init.templatedir" || strings.HasPrefix(lk, "protocol.") ||
		strings.HasPrefix(lk, "http.") || lk == "ssh.variant" || strings.HasSuffix(lk, ".proxy"):
		return []payload{{unresolved: true, reason: ReasonProgramConfig, origin: "git config",
			script: "git configuration " + key + " makes git run programs from elsewhere"}}
	}
	return []payload{{script: strings.TrimPrefix(value, "!"), origin: "git config " + key, reason: ReasonDynamicShell}}
}

// gitSubPayloads: `git config KEY VALUE` (and `git config set`) that names a
// program, rebase --exec, bisect run, submodule foreach, filter-branch.
func gitSubPayloads(args []Word) []payload {
	if len(args) == 0 {
		return nil
	}
	sub, rest := args[0].Value, args[1:]
	switch sub {
	case "config":
		if key, value, ok := scanGitConfig(rest).keyValue(); ok {
			return gitConfigPayloads(key.Value, value.Value, !value.Static())
		}
	case "bisect":
		if len(rest) > 1 && rest[0].Value == "run" {
			return []payload{{argv: rest[1:], origin: "git bisect run"}}
		}
	case "submodule":
		for i, a := range rest {
			if a.Value == "foreach" && i+1 < len(rest) {
				return []payload{joined("git submodule foreach", rest[i+1:])}
			}
		}
	case "filter-branch", "filter-repo":
		var out []payload
		for i, a := range rest {
			if strings.HasSuffix(a.Value, "-filter") && i+1 < len(rest) {
				out = append(out, payload{script: rest[i+1].Value, dynamic: !rest[i+1].Static(),
					origin: "git " + sub + " " + a.Value, reason: ReasonDynamicShell})
			}
		}
		return out
	}
	return nil
}
