package tools

import (
	"fmt"
	"strings"
)

// selfCwdLink reports a path the kernel resolves through the working
// directory of the process that opens it: /proc/self/cwd,
// /proc/thread-self/cwd or /proc/self/task/TID/cwd, however its first
// components are spelled (//, /./), also after any number of
// /proc/self/root (the process's "/"). The file tools run inside
// agentctl, whose own directory is where it was started, not the
// session's cwd the decision placed the path in: `agentctl run --cwd
// proj` started in the home directory read ~/.ssh/id_rsa for
// /proc/self/cwd/.ssh/id_rsa, decided as proj/.ssh/id_rsa. Such a path
// is refused; the same file has an absolute name.
func selfCwdLink(p string) bool {
	for {
		head, rest, ok := procSelfHead(p)
		if !ok {
			return false
		}
		switch head {
		case "cwd":
			return true
		case "root":
			p = "/" + rest
		default:
			return false
		}
	}
}

// procSelfHead splits an absolute path whose first components are
// /proc/self/X, /proc/thread-self/X or /proc/self/task/TID/X into X and
// what follows it.
func procSelfHead(p string) (string, string, bool) {
	if !strings.HasPrefix(p, "/") || !strings.Contains(p, "proc") {
		return "", "", false
	}
	parts := strings.Split(p, "/")
	var head []string
	i := 0
	for ; i < len(parts); i++ {
		if parts[i] == "" || parts[i] == "." {
			continue
		}
		head = append(head, parts[i])
		if len(head) == 3 && head[2] != "task" || len(head) == 5 {
			i++
			break
		}
	}
	if len(head) < 3 || head[0] != "proc" || head[1] != "self" && head[1] != "thread-self" {
		return "", "", false
	}
	if head[2] == "task" {
		if len(head) < 5 || head[1] != "self" {
			return "", "", false
		}
		return head[4], strings.Join(parts[i:], "/"), true
	}
	return head[2], strings.Join(parts[i:], "/"), true
}

// refuseSelfCwd is the validation error for a path through the process's
// working directory (selfCwdLink); nil for any other path.
func refuseSelfCwd(key, p string) error {
	if selfCwdLink(p) {
		return fmt.Errorf("`%s` %q goes through the process's working directory link; give the absolute path of the file", key, p)
	}
	return nil
}
