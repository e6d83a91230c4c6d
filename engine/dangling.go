package engine

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// maxLinkHops bounds a symlink chain, as the kernel does (ELOOP).
const maxLinkHops = 40

// followDangling resolves p through symlinks whose target does not exist
// yet. filepath.EvalSymlinks fails on such a link, and resolving only its
// deepest existing parent leaves the link itself as the answer; yet a
// write through it creates the target. A repository can ship
// `notes -> .git/hooks/pre-commit` or a link to a trust record that does
// not exist yet: the write must be checked where it lands. It reports
// false when no link was followed (or the chain loops): the caller's
// answer stands.
func followDangling(p string) (string, bool) {
	if runtime.GOOS == "windows" || !filepath.IsAbs(p) {
		return p, false
	}
	w := walkLinks(p, nil)
	switch w.end {
	case walkMissing:
		// Missing from here on: the rest is created under next.
		return filepath.Join(append([]string{w.next}, w.rest...)...), w.hops > 0
	case walkDone:
		return w.cur, w.hops > 0
	}
	return p, false // a loop or an unreadable link
}

// walkEnd says why a walkLinks stopped.
type walkEnd int

const (
	walkDone       walkEnd = iota // every component walked
	walkStopped                   // the caller's stop said so, at next
	walkMissing                   // next does not exist (or cannot be looked at)
	walkLoop                      // more than maxLinkHops links: ELOOP
	walkUnreadable                // the link at next cannot be read
)

// linkWalk is where a walkLinks stopped: the resolved directory walked so
// far, the component it stopped at and what follows it, and the links
// followed.
type linkWalk struct {
	end  walkEnd
	cur  string
	next string
	rest []string
	hops int
}

// walkLinks walks the absolute path p as the kernel does: each component
// looked at (lstat) before the next, a symlink's target spliced in, a ".."
// leaving the target, not the link's directory. stop, when not nil, is
// asked before each look-up and ends the walk at next. Nothing is cached:
// a link made by an earlier call is seen by the next.
func walkLinks(p string, stop func(next string, hops int) bool) linkWalk {
	w := linkWalk{cur: "/", rest: components(p)}
	for len(w.rest) > 0 {
		c := w.rest[0]
		w.rest = w.rest[1:]
		switch c {
		case "", ".":
			continue
		case "..":
			w.cur = filepath.Dir(w.cur)
			continue
		}
		w.next = filepath.Join(w.cur, c)
		if stop != nil && stop(w.next, w.hops) {
			w.end = walkStopped
			return w
		}
		fi, err := os.Lstat(w.next)
		if err != nil {
			w.end = walkMissing
			return w
		}
		if fi.Mode()&os.ModeSymlink == 0 {
			w.cur = w.next
			continue
		}
		if w.hops++; w.hops > maxLinkHops {
			w.end = walkLoop
			return w
		}
		target, err := os.Readlink(w.next)
		if err != nil {
			w.end = walkUnreadable
			return w
		}
		if filepath.IsAbs(target) {
			w.cur = "/"
		}
		w.rest = append(components(target), w.rest...)
	}
	w.end = walkDone
	return w
}

func components(p string) []string { return strings.Split(filepath.ToSlash(p), "/") }
