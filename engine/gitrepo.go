package engine

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/agentctl/agentctl/bashparse"
	"github.com/agentctl/agentctl/settings"
)

// A repository's own configuration is repository content, so untrusted
// (spec §1): an archive or an earlier command can leave a .git/config whose
// aliases or program keys make even `git status` run a program of its
// choosing (spec §3, "anything that runs a command is a command"). These
// are read per call, never cached: a config changed mid-session is seen by
// the next call. The user's ~/.gitconfig and /etc/gitconfig are the user's
// own and are not read.

// gitConfigMax bounds a config file read; a larger one is not read and
// the command is unresolved.
const gitConfigMax = 256 << 10

// gitRepoDepth bounds alias expansion (an alias naming an alias).
const gitRepoDepth = 3

// repoConfig is what a repository's config files say that matters here.
type repoConfig struct {
	aliases  map[string]string // lower-case alias name → value
	programs []string          // program keys other than aliases
	problem  string            // why the configuration cannot be known ("" = known)
}

// hookPostIndexChange stands, among the program keys, for the
// repository's hooks/post-index-change.
const hookPostIndexChange = "hooks/post-index-change"

// readOnlyTriggers are the program keys git 2.39 was seen to run during
// the read-only forms (status, log, diff, show, blame, grep, ls-files …):
// a hook path, the fsmonitor, pagers, diff drivers and filters; gpg runs
// for signed commits. core.worktree is no program, but it points those
// forms at another directory's files: git diff prints what they hold, so
// a Read deny rule on them would be passed by. Other keys (core.sshCommand, credential.helper,
// core.editor …) run only under subcommands that are not read-only.
func readOnlyTrigger(key, sub string) bool {
	switch {
	case key == "core.fsmonitor", key == "core.hookspath", key == "core.worktree", key == hookPostIndexChange, key == "core.pager", key == "diff.external",
		key == "pager."+sub, strings.HasPrefix(key, "include"),
		strings.HasPrefix(key, "diff.") && (strings.HasSuffix(key, ".textconv") || strings.HasSuffix(key, ".command")),
		strings.HasPrefix(key, "filter."), strings.HasPrefix(key, "gpg."):
		return true
	}
	return false
}

// gitRepoFacts reads the configuration each git command of the call will
// see and turns what it makes git run into facts: an alias the command
// invokes is a nested command (deny and ask rules see its body), and an
// alias or program key the subcommand can trigger makes the command not
// read-only and an unresolved part. a.Commands[i] is f.Commands[i].
func (e env) gitRepoFacts(a bashparse.Analysis, f Facts, depth int) Facts {
	n := len(f.Commands)
	for i := 0; i < n && i < len(a.Commands); i++ {
		c := &a.Commands[i]
		g, ok := c.Git()
		if !ok {
			continue
		}
		// With the directory unknown (git -C, a cd of a variable) the one
		// the command would otherwise run in is still read: what it finds
		// can only add to the facts, never approve.
		if g.Dynamic {
			f = gitUnresolved(f, i, "git reads the configuration of a repository not known statically")
			continue
		}
		dirs := [4]string{e.cwd}
		ds := dirs[:1]
		if c.Dir != "" {
			ds[0] = e.clean(c.Dir, e.cwd)
		}
		for _, d := range c.DirAlts {
			ds = append(ds, e.clean(d, e.cwd))
		}
		for _, d := range ds {
			if g.Chdir != "" {
				d = e.clean(g.Chdir, d)
			}
			f = e.gitConfigFacts(f, i, g, d, depth)
		}
	}
	return f
}

// gitConfigFacts checks one git command run in dir against the
// configuration it finds there.
func (e env) gitConfigFacts(f Facts, i int, g bashparse.GitCall, dir string, depth int) Facts {
	gitDir := ""
	if g.GitDir != "" {
		gitDir = e.clean(g.GitDir, dir)
	}
	rc := e.repoConfig(dir, gitDir)
	if rc.problem != "" {
		return gitUnresolved(f, i, rc.problem)
	}
	sub := strings.ToLower(g.Sub)
	for _, k := range rc.programs {
		if !f.Commands[i].ReadOnly || readOnlyTrigger(k, sub) {
			f = gitUnresolved(f, i, "the repository's "+k+" changes what git "+g.Sub+" runs or reads")
		}
	}
	body, ok := rc.aliases[sub]
	if !ok || g.Sub == "" {
		return f
	}
	f = gitUnresolved(f, i, "git "+g.Sub+" is the repository's alias "+strings.TrimSpace(body))
	if depth >= gitRepoDepth {
		return f
	}
	script, isShell := strings.CutPrefix(body, "!")
	if !isShell {
		script = "git " + script
	}
	for _, a := range g.Args {
		script += " '" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	// Deny and ask rules see what the alias runs (spec §3); the nested
	// commands are checked in the directory the git command runs in.
	na := bashparse.ParseWith(script, bashparse.Options{Commands: e.commands})
	sub2 := e
	sub2.cwd = dir
	nf := sub2.gitRepoFacts(na, sub2.bashFacts(na), depth+1)
	for j := range nf.Commands {
		nf.Commands[j].Nested = true
		nf.Commands[j].Origin = "git alias " + g.Sub
	}
	f.Commands = append(f.Commands, nf.Commands...)
	f.Files = append(f.Files, nf.Files...)
	f.Mentions = append(f.Mentions, nf.Mentions...)
	f.Reach = append(f.Reach, nf.Reach...)
	f.Unresolved = append(f.Unresolved, nf.Unresolved...)
	f.ParseError = f.ParseError || nf.ParseError
	return f
}

// gitUnresolved makes command i not read-only and records why.
func gitUnresolved(f Facts, i int, why string) Facts {
	f.Commands[i].ReadOnly, f.Commands[i].ReadOnlyBy = false, nil
	f.Unresolved = append(f.Unresolved, bashparse.Unresolved{Reason: bashparse.ReasonProgramConfig,
		Text: f.Commands[i].Narrow.Text + ": " + why})
	return f
}

// repoConfig is loadRepoConfig remembered for the call: a command after a
// cd is checked in each directory it may run in, and those often share a
// repository (nothing outlives the call).
func (e env) repoConfig(dir, gitDir string) repoConfig {
	if e.res == nil {
		return loadRepoConfig(dir, gitDir)
	}
	k := [2]string{dir, gitDir}
	if rc, ok := e.res.gitConfigs.get(k); ok {
		return rc
	}
	if gitDir == "" {
		// Two directories of one repository find the same git directory:
		// its config is read once.
		found, err := findGitDirSeen(dir, &e.res.gitWalk, e.res.knownMissing)
		if err != nil {
			return repoConfig{problem: err.Error()}
		}
		if found == "" {
			e.res.gitConfigs.put(k, repoConfig{})
			return repoConfig{}
		}
		if rc, ok := e.res.gitConfigs.get([2]string{"", found}); ok {
			e.res.gitConfigs.put(k, rc)
			return rc
		}
		gitDir = found
	}
	rc := loadRepoConfig(dir, gitDir)
	e.res.gitConfigs.put(k, rc)
	e.res.gitConfigs.put([2]string{"", gitDir}, rc)
	return rc
}

// loadRepoConfig reads the config files git run in dir reads from the
// repository: gitDir's (found by walking up from dir when "") config, the
// common directory's for a linked worktree, and config.worktree. At most
// a handful of files, each bounded; a config file's parse is kept under
// its stamp (gitConfigMemo), and the file is stat'ed on every call.
func loadRepoConfig(dir, gitDir string) repoConfig {
	if gitDir == "" {
		var err error
		if gitDir, err = findGitDir(dir); err != nil {
			return repoConfig{problem: err.Error()}
		}
		if gitDir == "" {
			return repoConfig{} // not in a repository: git runs nothing of one
		}
	}
	var rc repoConfig
	common := gitDir
	// A linked worktree's shared config sits in its common directory. The
	// optional files are stat'ed first: a missing one costs no error value.
	var buf [256]byte
	if kind, _ := statGit(append(append(buf[:0], gitDir...), "/commondir"...)); kind != gitNone {
		b, err := settings.ReadRegular(filepath.Join(gitDir, "commondir"), 4096)
		if err != nil {
			return repoConfig{problem: err.Error()}
		}
		common = filepath.Clean(filepath.Join(gitDir, strings.TrimSpace(string(b))))
	}
	// A hook git runs when it rewrites the index: git status and git diff
	// refresh a stale index and run it (seen with git 2.39). A repository
	// unpacked from an archive brings its own .git/hooks.
	if kind, _ := statGit(append(append(buf[:0], common...), "/hooks/post-index-change"...)); kind != gitNone {
		rc.programs = append(rc.programs, hookPostIndexChange)
	}
	files := [2]string{common + "/config", ""}
	if kind, _ := statGit(append(append(buf[:0], gitDir...), "/config.worktree"...)); kind != gitNone {
		files[1] = gitDir + "/config.worktree"
	}
	for _, p := range files {
		if p == "" {
			continue
		}
		_, err := readGitConfig(p, &rc)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return repoConfig{problem: err.Error()}
		}
		if rc.problem != "" {
			return rc
		}
	}
	return rc
}

// gitEntry is what a .git name is.
type gitEntry int

const (
	gitNone gitEntry = iota
	gitDirEntry
	gitFileEntry
	gitOther
)

// findGitDir walks up from dir as git does: the first .git directory, or
// .git file ("gitdir: PATH"), is the repository ("" = none).
func findGitDir(dir string) (string, error) { return findGitDirSeen(dir, nil, nil) }

// findGitDirSeen is findGitDir that answers from, and adds to, seen: the
// git directory found from each directory the call has already walked
// (a cd makes one command run in two directories of one tree). missing,
// when not nil, reports a directory the call already found missing: it
// holds neither .git nor HEAD.
func findGitDirSeen(dir string, seen *callMemo[string, string], missing func(string) bool) (string, error) {
	return findGitDirKept(&gitWalks, dir, seen, missing)
}

// findGitDirKept is findGitDirSeen answering from, and adding to, the
// walks kept across calls in m.
func findGitDirKept(m *gitWalkMemo, dir string, seen *callMemo[string, string], missing func(string) bool) (string, error) {
	var visited gitVisits
	d := filepath.Clean(dir)
	for missing != nil && missing(d) && d != "/" && strings.HasPrefix(d, "/") {
		// The call found d missing: git, run there, walks on from its
		// parent (and the walk kept across calls starts there too).
		if visited.n < len(visited.dirs) {
			visited.dirs[visited.n] = d
			visited.n++
		}
		d = d[:max(strings.LastIndexByte(d, '/'), 1)]
	}
	skipped := visited.n
	if seen != nil {
		if g, ok := seen.get(d); ok {
			return g, nil
		}
	}
	found, hit, pre := m.answer(d)
	var err error
	if hit != nil {
		for _, k := range hit.dirs {
			if visited.n < len(visited.dirs) {
				visited.dirs[visited.n] = k
				visited.n++
			}
		}
	} else {
		found, err = walkGitDir(d, seen, &visited, missing)
		if err == nil {
			m.walked(d, found, &visited, skipped, pre)
		}
	}
	if err == nil && seen != nil {
		for _, d := range visited.dirs[:visited.n] {
			seen.put(d, found)
		}
	}
	return found, err
}

// gitVisits is the first directories a walk up to a repository looked in.
// clean reports a walk git would make again from the same directories:
// every directory before the last held neither .git nor HEAD, and the
// last held the .git directory found (nothing was skipped or overflowed).
type gitVisits struct {
	dirs  [16]string
	n     int
	clean bool
}

// walkGitDir is the walk of findGitDir, noting in visited each directory
// it looked in, and stopping at one seen already.
func walkGitDir(dir string, seen *callMemo[string, string], visited *gitVisits, missing func(string) bool) (string, error) {
	var buf [256]byte
	dirty := false
	for d := filepath.Clean(dir); ; {
		if seen != nil {
			if g, ok := seen.get(d); ok {
				return g, nil
			}
		}
		if visited.n < len(visited.dirs) {
			visited.dirs[visited.n] = d
			visited.n++
		}
		if missing != nil && missing(d) {
			dirty = true
			d = d[:max(strings.LastIndexByte(d, '/'), 1)]
			continue
		}
		p := append(append(buf[:0], d...), "/.git"...)
		if d == "/" {
			p = append(buf[:0], "/.git"...)
		}
		kind, err := gitNone, error(nil)
		if !gitNameMissing(p) {
			kind, err = statGit(p)
		}
		switch {
		case err != nil:
			return "", err
		case kind == gitDirEntry:
			// A .git directory git cannot use is passed over: git looks
			// further up, and so must the configuration it reads.
			if ok, err := isGitDirectory(p); err != nil || ok {
				visited.clean = err == nil && !dirty && visited.n < len(visited.dirs)
				return string(p), err
			}
			dirty = true
		case kind == gitFileEntry:
			return readGitFile(d, string(p))
		case kind == gitOther:
			return "", errors.New(string(p) + " is neither a directory nor a regular file")
		}
		// The directory itself may be a bare repository (HEAD, objects,
		// refs): git uses it, config and all (safe.bareRepository is
		// "all" by default), so an unpacked one runs its programs too.
		p = append(append(buf[:0], d...), "/HEAD"...)
		if d == "/" {
			p = append(buf[:0], "/HEAD"...)
		}
		if !gitNameMissing(p) {
			if ok, err := isGitDirectory(p[:len(p)-len("/HEAD")]); err != nil || ok {
				return d, err
			}
			dirty = true
		}
		if d == "/" || !strings.HasPrefix(d, "/") {
			return "", nil
		}
		// The parent without filepath.Dir's copy: d is clean.
		d = d[:max(strings.LastIndexByte(d, '/'), 1)]
	}
}

// readGitFile reads a gitfile (a linked worktree's or a submodule's .git):
// "gitdir: PATH", relative to the directory holding it.
func readGitFile(d, p string) (string, error) {
	b, err := settings.ReadRegular(p, 4096)
	if err != nil {
		return "", err
	}
	target, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "gitdir:")
	if !ok {
		return "", errors.New(p + " is not a gitfile git can read")
	}
	target = strings.TrimSpace(target)
	if !filepath.IsAbs(target) {
		target = filepath.Join(d, target)
	}
	return filepath.Clean(target), nil
}
