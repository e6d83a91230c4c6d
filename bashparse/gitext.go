package bashparse

import (
	"strings"

	"github.com/agentctl/agentctl/internal/lazyre"
)

// gitExtPayloads: a git remote URL "ext::CMD ARGS" makes git run CMD to
// reach the remote (git-remote-ext; "% " is a space inside an argument,
// "%%" a percent, %s and %S the service). git allows it only where
// protocol.ext.allow says so, which a user's configuration may; the
// command is read so deny and ask rules see it, wherever the URL appears
// (clone, fetch, remote add, ls-remote, push, submodule add).
func gitExtPayloads(args []Word) []payload {
	var out []payload
	for _, a := range args {
		if strings.HasPrefix(a.Value, "ext::") {
			cmd, _ := extCommand(a.Value)
			out = append(out, payload{script: cmd, dynamic: !a.Static(), origin: "git ext:: URL", reason: ReasonDynamicShell})
		}
	}
	return out
}

// extCommand returns the command of an ext:: URL: the whole word, or
// (inside a configuration key) a part after "." or "=".
func extCommand(v string) (string, bool) {
	i := strings.Index(v, "ext::")
	if i < 0 || i > 0 && v[i-1] != '=' && v[i-1] != '.' {
		return "", false
	}
	return strings.NewReplacer("% ", " ", "%%", "%", "%s", "git-upload-pack", "%S", "git-upload-pack").Replace(v[i+5:]), true
}

// gitURLKey matches configuration keys holding a remote URL: a remote's
// url, or url.<base>.insteadOf, whose base replaces matching URLs.
var gitURLKey = lazyre.New(`(?i)^(remote\..+\.(url|pushurl)|url\..+\.(insteadof|pushinsteadof))$`)

// gitURLConfigPayloads: an ext:: URL set through configuration (git -c
// remote.o.url=ext::…, -c url.ext::….insteadOf=https://…).
func gitURLConfigPayloads(key, value string, dynamic bool) []payload {
	if !gitURLKey.MatchString(key) {
		return nil
	}
	for _, s := range []string{value, key} {
		if cmd, ok := extCommand(s); ok {
			if s == key {
				// url.<base>.insteadOf: the command is the base.
				cmd = cmd[:strings.LastIndexByte(cmd, '.')]
			}
			return []payload{{script: cmd, dynamic: dynamic, origin: "git config " + key, reason: ReasonDynamicShell}}
		}
	}
	return nil
}
