package engine

import (
	"path/filepath"
	"strings"

	"github.com/agentctl/agentctl/internal/lazyre"
	"github.com/agentctl/agentctl/internal/linkwalk"
)

// Process links: names whose file depends on the process that opens
// them, not on the file system agentctl looks at.
//
// /proc/PID/cwd, /proc/PID/root, /proc/PID/exe, /proc/PID/fd/N and
// /proc/PID/map_files/... (also under /proc/PID/task/TID/), and /dev/fd,
// /dev/stdin, /dev/stdout, /dev/stderr are links the kernel reads in the
// process named — or, for self, in the process that opens the path. What
// agentctl's own resolution finds there is a guess: another process can
// change its directory between the check and the open (a loop that
// alternates `cd secrets; cd ..` wins half the races), and through a
// repository's symlink to /proc/self/cwd the shell's directory is meant,
// not agentctl's. A path that reaches one is known only at run time.

// processLinkRe matches a path at or under a process link.
var processLinkRe = lazyre.New(`^/(dev/(fd/[^/]+|stdin|stdout|stderr)|proc/[^/]+/(task/[^/]+/)?(cwd|root|exe|(fd|map_files)/[^/]+))(/|$)`)

// processLink reports a clean absolute path at or under a process link.
// The cleaned forms of /proc/self/cwd and /proc/self/root never reach it
// (clean puts the shell's own directory and the root in their place).
func processLink(p string) bool {
	_, ok := processTail(p)
	return ok
}

// processTail is what follows the process link p is at or under ("" for
// the link itself).
func processTail(p string) (string, bool) {
	if !strings.HasPrefix(p, "/dev/") && !strings.HasPrefix(p, "/proc/") {
		return "", false
	}
	m := processLinkRe.FindString(p)
	if m == "" {
		return "", false
	}
	return strings.Trim(p[len(m):], "/"), true
}

// throughProcessLink reports a path whose resolution follows a symlink
// into a process link (src/pc → /proc/self/cwd: the shell's directory,
// wherever a `cd` left it). It walks p as the kernel does — each
// component looked at before the next, a ".." leaving a link's target —
// and stops at the first component that does not exist or is no
// directory. Nothing is remembered: a link made by an earlier call is
// seen by the next.
func throughProcessLink(p string) bool {
	_, ok := linkedTail(p)
	return ok
}

// linkedTail is throughProcessLink that also tells what follows the
// process link the walk met.
func linkedTail(p string) (string, bool) {
	if !filepath.IsAbs(p) {
		return "", false
	}
	// A process link met after a symlink; one named outright is
	// processTail's. Any other end (missing, a loop, an unreadable link)
	// leaves the caller's resolution to answer.
	w := linkwalk.Follow(p, func(next string, hops int) bool { return hops > 0 && processLink(next) })
	if w.End != linkwalk.Stopped {
		return "", false
	}
	return filepath.Clean(strings.Join(w.Rest, "/")), true
}

// rawAbs is p made absolute against dir with its ".." components kept,
// for a walk that climbs from a symlink's target as the kernel does; c
// (p cleaned) when p has none.
func (e env) rawAbs(p, dir, c string) string {
	if !hasDotDot(p) {
		return c
	}
	if p == "~" || strings.HasPrefix(p, "~/") {
		p = e.home + p[1:]
	}
	if !filepath.IsAbs(p) {
		p = dir + "/" + p
	}
	return procSelfRoot(p)
}

// processLinked reports a word (p, relative to dir; c cleaned) that names
// a process link or reaches one through a symlink, and what follows the
// link. Only a path that is not plain is walked.
func (e env) processLinked(p, dir, c string) (string, bool) {
	if tail, ok := processTail(c); ok {
		return tail, true
	}
	if e.res.isPlain(c) && !hasDotDot(p) {
		return "", false
	}
	return linkedTail(e.rawAbs(p, dir, c))
}
