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
	rest := components(p)
	cur, hops := "/", 0
	for len(rest) > 0 {
		c := rest[0]
		rest = rest[1:]
		switch c {
		case "", ".":
			continue
		case "..":
			cur = filepath.Dir(cur)
			continue
		}
		next := filepath.Join(cur, c)
		fi, err := os.Lstat(next)
		if err != nil {
			// Missing from here on: the rest is created under next.
			return filepath.Join(append([]string{next}, rest...)...), hops > 0
		}
		if fi.Mode()&os.ModeSymlink == 0 {
			cur = next
			continue
		}
		if hops++; hops > maxLinkHops {
			return p, false
		}
		target, err := os.Readlink(next)
		if err != nil {
			return p, false
		}
		if filepath.IsAbs(target) {
			cur = "/"
		}
		rest = append(components(target), rest...)
	}
	return cur, hops > 0
}

func components(p string) []string { return strings.Split(filepath.ToSlash(p), "/") }
