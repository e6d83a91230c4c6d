package bashparse

import (
	"path"
	"strings"
)

// ReasonNetwork: the shell itself opens a network connection (bash's
// /dev/tcp/HOST/PORT and /dev/udp/HOST/PORT redirections): no command
// name says so, yet it fetches or sends data as curl would.
const ReasonNetwork Reason = "network-redirect"

// netRedirect reports a redirection bash turns into a network connection.
// A target known only at run time counts when its source spells the
// prefix; a cleaned spelling (/dev//tcp/…) counts too, stricter than bash.
func netRedirect(r Redirect) (string, bool) {
	v := r.Target.Value
	for _, p := range []string{"/dev/tcp/", "/dev/udp/"} {
		if strings.Contains(v, p) || strings.HasPrefix(path.Clean(v)+"/", p) && len(path.Clean(v)) > len(p) {
			return v, true
		}
	}
	return "", false
}
