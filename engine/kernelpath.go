package engine

import (
	"path/filepath"
	"strings"
)

// The kernel's view of a path: what the process that opens it reaches,
// where that differs from the cleaned path the rules are matched against.

// procSelfRoot drops every leading /proc/self/root (or thread-self) from
// an absolute path, however its components are spelled (//, /./). The
// link is the root directory of the process that opens the path — the
// agent's, "/" — so what follows is an absolute path in its own right:
// /proc/self/root/proc/self/cwd/.env is the agent's cwd/.env, not a
// path that resolving the links in agentctl's own process would follow to
// agentctl's cwd.
func procSelfRoot(p string) string {
	for strings.HasPrefix(p, "/") {
		rest, ok := procSelfLink(p, "root")
		if !ok {
			return p
		}
		p = "/" + rest
	}
	return p
}

// kernelPath is the file the kernel opens for p (relative to dir) when p
// has a ".." component: the kernel follows a symlink before the ".." that
// comes after it, so src/link/../secrets/key, with link → ../sub, is
// secrets/key — while the cleaned path, src/secrets/key, names nothing a
// deny rule covers. ok is false when p has no ".." (the cleaned path's own
// resolution is the kernel's) or the result is that resolution.
func (e env) kernelPath(p, dir string) (string, bool) {
	if !hasDotDot(p) {
		return "", false
	}
	raw := p
	if raw == "~" || strings.HasPrefix(raw, "~/") {
		raw = e.home + raw[1:]
	}
	if !filepath.IsAbs(raw) {
		if dir == "" {
			return "", false
		}
		raw = dir + "/" + raw
	}
	raw = procSelfRoot(raw)
	if rest, ok := procSelfCwd(raw); ok {
		raw = dir + "/" + rest
	}
	k := e.res.resolve(physical(raw))
	return k, k != e.res.resolve(e.clean(p, dir))
}

// hasDotDot reports a ".." component.
func hasDotDot(p string) bool {
	return p == ".." || strings.HasPrefix(p, "../") || strings.HasSuffix(p, "/..") || strings.Contains(p, "/../")
}

// physical walks an absolute path component by component as the kernel
// does: each existing prefix is resolved before the next component, so a
// ".." leaves a symlink's target, not the link's directory. From the first
// prefix that cannot be resolved on, the rest is cleaned lexically.
func physical(p string) string {
	if len(p) >= pathMax {
		// A prefix that long has no name to continue from: the kernel's
		// own walk, in pieces, answers for a path that exists.
		if r, err := evalSymlinks(p); err == nil {
			return r
		}
	}
	parts := strings.Split(p, "/")
	cur := "/"
	for i, c := range parts {
		switch c {
		case "", ".":
			continue
		case "..":
			cur = filepath.Dir(cur)
			continue
		}
		next := filepath.Join(cur, c)
		r, err := evalSymlinks(next) // a name longer than PATH_MAX too
		if err != nil {
			return filepath.Clean(next + "/" + strings.Join(parts[i+1:], "/"))
		}
		cur = r
	}
	return cur
}
