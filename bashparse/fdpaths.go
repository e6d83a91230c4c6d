package bashparse

import (
	"path"

	"github.com/agentctl/agentctl/internal/lazyre"
)

// fdLinkPath matches the paths that name another process's open file:
// /dev/fd/N, /dev/stdin, /dev/stdout, /dev/stderr and /proc/PID/fd/N
// (self, thread-self, a task). The file is the one the process opening the
// path holds — what the shell redirected or opened before, not anything
// agentctl can resolve in its own process: rm -rf /dev/stdin/ < ~ and
// exec 3<..; rm -rf /dev/fd/3/ empty the directory behind the
// descriptor. Such a path is known only at run time.
var fdLinkPath = lazyre.New(`^/(dev/(fd/[^/]+|stdin|stdout|stderr)|proc/[^/]+/(task/[^/]+/)?fd/[^/]+)(/|$)`)

// fdLink reports a path naming an open file descriptor's file.
func fdLink(p string) bool {
	if len(p) < 5 || p[0] != '/' {
		return false
	}
	return fdLinkPath.MatchString(path.Clean(p))
}
