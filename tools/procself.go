package tools

import (
	"context"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/interp"
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
	_, ok := selfCwdRest(p)
	return ok
}

// selfCwdRest is what follows the working directory link p goes through
// (selfCwdLink). p is looked at as written and cleaned (/proc/self/ns/..
// is /proc/self), and what follows /proc/self/root cleaned: the link is
// "/", whose ".." is itself.
func selfCwdRest(p string) (string, bool) {
	for _, q := range []string{p, filepath.Clean(p)} {
		for {
			head, rest, ok := procSelfHead(q)
			if !ok || head != "cwd" && head != "root" {
				break
			}
			if head == "cwd" {
				return rest, true
			}
			q = filepath.Clean("/" + rest)
		}
	}
	return "", false
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

// shellSelfPath is p as the shell standing in dir means it: a path
// through its own working directory link (selfCwdLink) names dir. The
// Bash tool's shell is interpreted inside agentctl: the files the shell
// itself opens (a redirection, source, a glob's directory) were opened in
// agentctl's process, whose /proc/self/cwd is where agentctl started —
// `cat < /proc/self/cwd/.ssh/id_rsa`, decided (as real bash means it) as
// a file in the shell's directory, read ~/.ssh/id_rsa from a run started
// in ~. Any other path is p.
func shellSelfPath(p, dir string) string {
	if rest, ok := selfCwdRest(p); ok {
		return filepath.Join(dir, rest)
	}
	return p
}

// shellStat is the shell's stat: a path through its working directory
// link is reported missing. cd takes the name it stats as the new
// directory, and a command started there would stand in /proc/self/cwd
// of its own — agentctl's directory, inherited — not the shell's; a test
// such as [ -e /proc/self/cwd/x ] is answered "no" with it.
func shellStat(next interp.StatHandlerFunc) interp.StatHandlerFunc {
	return func(ctx context.Context, name string, follow bool) (fs.FileInfo, error) {
		if selfCwdLink(name) {
			return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrNotExist}
		}
		return next(ctx, name, follow)
	}
}

// shellReadDir is the shell's directory listing (a glob's expansion), a
// path through its working directory link read in dir (shellSelfPath).
func shellReadDir(next interp.ReadDirHandlerFunc2) interp.ReadDirHandlerFunc2 {
	return func(ctx context.Context, name string) ([]fs.DirEntry, error) {
		return next(ctx, shellSelfPath(name, interp.HandlerCtx(ctx).Dir))
	}
}
