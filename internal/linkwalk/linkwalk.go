// Package linkwalk walks a path through its symlinks as the kernel does,
// component by component, without caching anything: a link made by an
// earlier call is seen by the next. The engine (dangling links, process
// links) and the settings loader (policy files a repository spells
// through a link) read paths with it.
package linkwalk

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// MaxHops bounds a symlink chain, as the kernel does (ELOOP).
const MaxHops = 40

// End says why a walk stopped.
type End int

const (
	Done       End = iota // every component walked
	Stopped               // the caller's stop said so, at Next
	Missing               // Next does not exist (or cannot be looked at)
	Loop                  // more than MaxHops links: ELOOP
	Unreadable            // the link at Next cannot be read
)

// Walk is where a walk stopped: the resolved directory walked so far
// (Cur), the component it stopped at (Next) and what follows it (Rest),
// and the links followed (Hops).
type Walk struct {
	End  End
	Cur  string
	Next string
	Rest []string
	Hops int
}

// Follow walks the absolute path p: each component looked at (lstat)
// before the next, a symlink's target spliced in, a ".." leaving the
// target, not the link's directory. stop, when not nil, is asked before
// each look-up and ends the walk at Next.
func Follow(p string, stop func(next string, hops int) bool) Walk {
	w := Walk{Cur: "/", Rest: components(p)}
	for len(w.Rest) > 0 {
		c := w.Rest[0]
		w.Rest = w.Rest[1:]
		switch c {
		case "", ".":
			continue
		case "..":
			w.Cur = filepath.Dir(w.Cur)
			continue
		}
		w.Next = filepath.Join(w.Cur, c)
		if stop != nil && stop(w.Next, w.Hops) {
			w.End = Stopped
			return w
		}
		fi, err := os.Lstat(w.Next)
		if err != nil {
			w.End = Missing
			return w
		}
		if fi.Mode()&os.ModeSymlink == 0 {
			w.Cur = w.Next
			continue
		}
		if w.Hops++; w.Hops > MaxHops {
			w.End = Loop
			return w
		}
		target, err := os.Readlink(w.Next)
		if err != nil {
			w.End = Unreadable
			return w
		}
		if filepath.IsAbs(target) {
			w.Cur = "/"
		}
		w.Rest = append(components(target), w.Rest...)
	}
	w.End = Done
	return w
}

// Target is where a write to the absolute path p lands: every symlink on
// the way followed, the last component's included, even when what it
// points at does not exist yet (filepath.EvalSymlinks gives up on a
// dangling link, yet writing through one creates its target). It reports
// false when no link was followed, p is relative, or the chain loops or
// cannot be read: the caller's answer stands.
func Target(p string) (string, bool) {
	if runtime.GOOS == "windows" || !filepath.IsAbs(p) {
		return p, false
	}
	w := Follow(p, nil)
	switch w.End {
	case Missing:
		// Missing from here on: the rest is created under Next.
		return filepath.Join(append([]string{w.Next}, w.Rest...)...), w.Hops > 0
	case Done:
		return w.Cur, w.Hops > 0
	}
	return p, false
}

func components(p string) []string { return strings.Split(filepath.ToSlash(p), "/") }
