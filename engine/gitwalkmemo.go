package engine

import (
	"slices"
	"sync"
	"time"
)

// gitWalkMemo keeps where a walk up from a directory found its repository,
// under the stamps of the directories it looked in and of the HEAD it read.
// A walk asks two names of every directory on the way up (.git and HEAD)
// and then reads HEAD: about sixteen system calls from five levels down,
// the largest part of a Bash call's file-system work inside a repository.
// A kept walk is checked with one stat a directory instead: a name made or
// removed in a directory moves its change time, which the kernel sets and
// no one can set back, and a directory swapped for another (a rename, a
// symbolic link re-pointed, a mount) has another inode. HEAD is lstat'ed
// (rewritten in place it changes its own times, not its directory's), and
// objects and refs are asked again each time, as git does.
//
// The stamps of a kept walk are taken before that walk is made, so that a
// change between the two is seen on the next call; they are taken only
// from a directory's second walk (one call of a hook pays nothing), and a
// walk is kept only once every stamp is older than racyWindow, so that a
// change in the same clock tick as a stamp cannot go unseen.
type gitWalkMemo struct {
	mu     sync.Mutex
	walks  map[string]*gitWalk
	window time.Duration // how old every stamp must be (racyWindow)
}

// gitWalk is one directory's walk: the directories it looked in (the
// start first, the one holding .git last) and the git directory found.
// stamps and head are set from the walk's second time on; kept says they
// were taken before a walk that found the same and are old enough.
type gitWalk struct {
	dirs   []string
	found  string
	stamps []fileStamp
	head   fileStamp
	kept   bool
	// notBefore is when stamps taken now could first be old enough: a
	// walk in a tree being written is not stamped on every call.
	notBefore time.Time
}

// maxGitWalks bounds the directories kept; past it the memo starts again.
const maxGitWalks = 256

var gitWalks = gitWalkMemo{window: racyWindow}

// answer returns, for a walk up from d, the git directory a kept walk
// found when all it looked at is as it was (hit), and otherwise the stamps
// to keep if the walk now made finds the same (pre; nil on a first walk).
func (m *gitWalkMemo) answer(d string) (found string, hit *gitWalk, pre *gitWalk) {
	m.mu.Lock()
	w := m.walks[d]
	m.mu.Unlock()
	if w == nil {
		return "", nil, nil
	}
	if w.kept && w.holds() {
		return w.found, w, nil
	}
	if !w.kept && time.Now().Before(w.notBefore) {
		return "", nil, nil
	}
	fresh := &gitWalk{dirs: w.dirs, found: w.found, stamps: make([]fileStamp, len(w.dirs))}
	for i, dir := range w.dirs {
		s, ok := dirStampOf(dir)
		if !ok {
			return "", nil, nil
		}
		fresh.stamps[i] = s
	}
	s, ok := headStampOf(w.found + "/HEAD")
	if !ok {
		return "", nil, nil
	}
	fresh.head = s
	return "", nil, fresh
}

// holds reports a kept walk whose directories and HEAD are as stamped, and
// whose objects and refs git can still search.
func (w *gitWalk) holds() bool {
	for i, dir := range w.dirs {
		if s, ok := dirStampOf(dir); !ok || s != w.stamps[i] {
			return false
		}
	}
	if s, ok := headStampOf(w.found + "/HEAD"); !ok || s != w.head {
		return false
	}
	var buf [512]byte
	if len(w.found)+len("/objects") >= len(buf) {
		return false
	}
	return gitSearchable(append(append(buf[:0], w.found...), "/objects"...)) &&
		gitSearchable(append(append(buf[:0], w.found...), "/refs"...))
}

// walked notes the walk just made up from d: its directories from the
// first the walk looked in (visited.dirs[from:]) and what it found, with
// pre, the stamps answer took before it.
func (m *gitWalkMemo) walked(d, found string, visited *gitVisits, from int, pre *gitWalk) {
	dirs := visited.dirs[from:visited.n]
	m.mu.Lock()
	defer m.mu.Unlock()
	if !visited.clean || len(dirs) == 0 || found != dirs[len(dirs)-1]+"/.git" {
		delete(m.walks, d)
		return
	}
	if pre != nil && pre.found == found && slices.Equal(pre.dirs, dirs) {
		pre.notBefore = pre.oldAt(m.window)
		pre.kept = time.Now().After(pre.notBefore)
		m.put(d, pre)
		return
	}
	if w := m.walks[d]; w != nil && w.found == found && slices.Equal(w.dirs, dirs) {
		return // waiting for its stamps to be old enough
	}
	m.put(d, &gitWalk{dirs: slices.Clone(dirs), found: found})
}

// oldAt is when every stamp is older than window.
func (w *gitWalk) oldAt(window time.Duration) time.Time {
	youngest := w.head.ctime
	for _, s := range w.stamps {
		youngest = max(youngest, s.ctime)
	}
	return time.Unix(0, youngest).Add(window)
}

func (m *gitWalkMemo) put(d string, w *gitWalk) {
	if m.walks == nil || len(m.walks) >= maxGitWalks {
		m.walks = map[string]*gitWalk{}
	}
	m.walks[d] = w
}
