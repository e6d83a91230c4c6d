package engine

import "strings"

// procSelfRoot drops every leading /proc/self/root (or thread-self) from
// an absolute path, however its components are spelled (//, /./). The
// link is the root directory of the process that opens the path — the
// agent's, "/" — so what follows is an absolute path in its own right:
// /proc/self/root/proc/self/cwd/.env is the agent's cwd/.env, not a
// path that resolving the links in agentctl's own process would follow to
// agentctl's cwd.
func procSelfRoot(p string) string {
	for strings.HasPrefix(p, "/") && strings.Contains(p, "proc") {
		parts := strings.Split(p, "/")
		var head []string
		i := 0
		for ; i < len(parts) && len(head) < 3; i++ {
			if parts[i] != "" && parts[i] != "." {
				head = append(head, parts[i])
			}
		}
		if len(head) < 3 || head[0] != "proc" || (head[1] != "self" && head[1] != "thread-self") || head[2] != "root" {
			return p
		}
		p = "/" + strings.Join(parts[i:], "/")
	}
	return p
}
