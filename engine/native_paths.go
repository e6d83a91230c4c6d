package engine

import (
	"strings"
	"unicode/utf8"
)

// regoInDir ports lib.in_dir(p, d).
func regoInDir(p, d string) bool {
	if p == d {
		return true
	}
	d = strings.TrimSuffix(d, "/") // p starts with d+"/"
	return len(p) > len(d) && p[len(d)] == '/' && p[:len(d)] == d
}

// inWD ports lib.in_wd(p).
func (n *nativeEval) inWD(p string) bool {
	for _, d := range n.in.WorkingDirs {
		if regoInDir(p, d) {
			return true
		}
	}
	return false
}

// fileInWD ports lib.file_in_wd(f).
func (n *nativeEval) fileInWD(f *FileFact) bool {
	return !f.Dynamic && n.inWD(f.Path) && n.inWD(f.Resolved)
}

// protectedIn ports lib.protected_in(p, dirs): some segment of
// lower(p) split at "/" is in dirs (.claude/worktrees/… excepted). It
// walks the segments without splitting or lowering the whole path: every
// name in the sets starts with a dot, and lowering keeps '/' and '.' where
// they are.
func protectedIn(p string, dirs map[string]bool) bool {
	for start := 0; start <= len(p); {
		end := strings.IndexByte(p[start:], '/')
		if end < 0 {
			end = len(p)
		} else {
			end += start
		}
		if seg := p[start:end]; seg != "" && seg[0] == '.' && inFolded(dirs, seg) {
			next := p[min(end+1, len(p)):]
			if j := strings.IndexByte(next, '/'); j >= 0 {
				next = next[:j]
			}
			if !(lowerIs(seg, ".claude") && end < len(p) && lowerIs(next, "worktrees")) {
				return true
			}
		}
		start = end + 1
	}
	return false
}

// protectedPath ports lib.protected_path(p).
func protectedPath(p string) bool {
	if protectedIn(p, regoProtectedDirs) {
		return true
	}
	if last := p[strings.LastIndexByte(p, '/')+1:]; last != "" && last[0] == '.' && inFolded(regoProtectedFiles, last) {
		return true
	}
	// lower(p)+"/" contains "/.config/git/".
	for i := 0; i < len(p); i++ {
		if p[i] != '/' {
			continue
		}
		rest := p[i+1:]
		j := strings.IndexByte(rest, '/')
		if j < 0 {
			break
		}
		if !lowerIs(rest[:j], ".config") {
			continue
		}
		rest = rest[j+1:]
		if k := strings.IndexByte(rest, '/'); k >= 0 {
			rest = rest[:k]
		}
		if lowerIs(rest, "git") {
			return true
		}
	}
	return false
}

// inFolded reports set[strings.ToLower(s)] without building the lowered
// string for an ASCII s that fits a small buffer.
func inFolded(set map[string]bool, s string) bool {
	var buf [32]byte
	if len(s) > len(buf) {
		return set[strings.ToLower(s)]
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			return set[strings.ToLower(s)]
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	return set[string(buf[:len(s)])]
}

// lowerIs reports strings.ToLower(s) == want, want being lower-case ASCII.
func lowerIs(s, want string) bool {
	if len(s) != len(want) {
		for i := 0; i < len(s); i++ {
			if s[i] >= utf8.RuneSelf {
				return strings.ToLower(s) == want
			}
		}
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			return strings.ToLower(s) == want
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != want[i] {
			return false
		}
	}
	return true
}

// protected ports lib.protected(f, strict), policy files included.
func (n *nativeEval) protected(f *FileFact, strict bool) bool {
	if n.policy.hit(f.Path, n.in.Cwd) || f.Resolved != f.Path && n.policy.hit(f.Resolved, n.in.Cwd) {
		return true
	}
	same := f.Resolved == f.Path
	if strict {
		return protectedIn(f.Path, regoStrictDirs) || !same && protectedIn(f.Resolved, regoStrictDirs)
	}
	return protectedPath(f.Path) || !same && protectedPath(f.Resolved)
}

// criticalPath ports lib.critical_path(p).
func (n *nativeEval) criticalPath(p string) bool {
	return p == "/" || strings.Count(strings.TrimSuffix(p, "/"), "/") == 1 || p == n.in.Home || regoInDir(n.in.Cwd, p)
}

// criticalRm ports lib.critical_rm(f).
func (n *nativeEval) criticalRm(f *FileFact) bool {
	if !regoRmCommands[f.Via] && !f.Removes {
		return false
	}
	return n.criticalPath(f.Path) || n.criticalPath(f.Resolved) || (f.Dynamic && (f.Glob || f.Tree)) ||
		(f.Dynamic && (regoHomeWordRe.MatchString(f.Path) || regoCwdWordRe.MatchString(f.Path)))
}
