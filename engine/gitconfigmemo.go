package engine

import (
	"maps"
	"sync"
	"time"

	"github.com/agentctl/agentctl/settings"
)

// gitConfigMemo keeps what parseGitConfig made of a repository's config
// file, under the file's stamp (device, inode, size, modification and
// change times). A call stats the file, one system call, where reading
// and parsing it took four and a good part of a Bash call with git in
// it. Any write to the file moves its change time, which the kernel sets
// and no one can set back; a file is kept only once its change time is
// older than racyWindow, so that a write in the same clock tick as the
// read that was kept cannot go unseen (git's own "racily clean" rule).
type gitConfigMemo struct {
	mu    sync.Mutex
	files map[string]gitConfigEntry
}

// gitConfigEntry is one kept file.
type gitConfigEntry struct {
	stamp fileStamp
	rc    repoConfig
}

// fileStamp identifies one state of a file (fileStampOf).
type fileStamp struct {
	dev, ino     uint64
	size         int64
	mtime, ctime int64 // nanoseconds
}

// racyWindow is how old a file's change time must be for it to be kept.
const racyWindow = 2 * time.Second

// maxGitConfigs bounds the files kept; past it the memo starts again.
const maxGitConfigs = 64

var gitConfigs gitConfigMemo

// readGitConfig adds to rc what config file p says, as reading it with
// settings.ReadRegular and parseGitConfig would; found is false when p
// does not exist.
func readGitConfig(p string, rc *repoConfig) (found bool, err error) {
	return readGitConfigAged(p, rc, racyWindow)
}

// readGitConfigAged is readGitConfig keeping files whose change time is
// older than window.
func readGitConfigAged(p string, rc *repoConfig, window time.Duration) (found bool, err error) {
	stamp, ok := fileStampOf(p)
	if ok {
		gitConfigs.mu.Lock()
		e, hit := gitConfigs.files[p]
		gitConfigs.mu.Unlock()
		if hit && e.stamp == stamp {
			mergeRepoConfig(rc, e.rc)
			return true, nil
		}
	}
	b, err := settings.ReadRegular(p, gitConfigMax)
	if err != nil {
		return false, err
	}
	var frag repoConfig
	parseGitConfig(b, &frag)
	if ok && time.Since(time.Unix(0, stamp.ctime)) > window {
		// The bytes read may be newer than the stamp (a write between the
		// stat and the read): then the file's stamp has moved on, and
		// this entry is never met again.
		gitConfigs.mu.Lock()
		if gitConfigs.files == nil || len(gitConfigs.files) >= maxGitConfigs {
			gitConfigs.files = map[string]gitConfigEntry{}
		}
		gitConfigs.files[p] = gitConfigEntry{stamp: stamp, rc: frag}
		gitConfigs.mu.Unlock()
	}
	mergeRepoConfig(rc, frag)
	return true, nil
}

// mergeRepoConfig adds frag, parsed from the next config file, to rc as
// parsing that file into rc would have: later aliases win, programs add
// up, a problem stands. frag is not shared with rc.
func mergeRepoConfig(rc *repoConfig, frag repoConfig) {
	if len(frag.aliases) > 0 {
		if rc.aliases == nil {
			rc.aliases = make(map[string]string, len(frag.aliases))
		}
		maps.Copy(rc.aliases, frag.aliases)
	}
	rc.programs = append(rc.programs, frag.programs...)
	if rc.problem == "" {
		rc.problem = frag.problem
	}
}
