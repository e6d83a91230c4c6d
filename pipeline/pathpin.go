package pipeline

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentctl/agentctl/toolspec"
)

// A file tool's call is decided on where its path leads: the policy
// resolves the path's symbolic links, and a path that crosses one into
// .git/hooks asks as a write to a protected path, one into ~/.ssh is
// denied. The tool then opens the path as it finds it, later: after the
// PermissionRequest hooks and the approver (a person may take minutes),
// while a background command of the session goes on. A background
// `sleep 1; git switch -q evil` (a branch whose d is a link to .git/hooks)
// turned the approved "write d/pre-commit" into a write of
// .git/hooks/pre-commit that no one was asked about. So where the path
// leads is taken before the decision and again before the call runs: if
// it changed, the call is not run (the model may send it again, to be
// decided on the file system as it is then); if not, the tool opens that
// place through no link (tools.WithPinnedPath), so a link swapped in
// after the check fails the open.

// pathPinHops bounds the links followed while resolving (ELOOP's bound).
const pathPinHops = 40

// pathPin is where a file tool's path led when its call was decided.
type pathPin struct {
	path, leads string
}

// pinPath notes where a file tool's path leads now; ok is false for a
// call of any other tool (nothing to pin).
func pinPath(name string, input map[string]any, cwd string) (pathPin, bool) {
	spec, ok := toolspec.Lookup(name)
	if !ok || spec.Family == toolspec.NoFamily || spec.MainField == "" {
		return pathPin{}, false
	}
	p, _ := input[spec.MainField].(string)
	switch {
	case p == "":
		p = cwd
	case p == "~" || strings.HasPrefix(p, "~/"):
		home, err := os.UserHomeDir()
		if err != nil {
			return pathPin{}, false // the tool refuses such a path itself
		}
		p = filepath.Join(home, p[1:])
	case !filepath.IsAbs(p):
		p = filepath.Join(cwd, p)
	}
	p = filepath.Clean(p)
	return pathPin{path: p, leads: leadsTo(p)}, true
}

// check reports a path that now leads elsewhere than when it was pinned.
func (pp pathPin) check() error {
	// Where it leads now was not decided: it is not named (it may be a
	// place the policy keeps from the model).
	if leadsTo(pp.path) != pp.leads {
		return fmt.Errorf("%s no longer leads where it did when the call was decided (a symbolic link on the way "+
			"changed in between); the call was not run", pp.path)
	}
	return nil
}

// leadsTo follows the symbolic links of an absolute path (cleaned, as
// the tools clean the path they open) component by component, as the
// kernel's open does: a link's target replaces it (a
// relative one read from the link's directory); a name that does not
// exist ends the walk, and the rest is kept as written (a dangling link's
// target counts, since a write through it creates that file). "" stands
// for a loop or more than pathPinHops links.
func leadsTo(p string) string {
	rest := strings.Split(filepath.Clean(p), "/")[1:]
	cur := "/"
	for hops := 0; len(rest) > 0; {
		name := rest[0]
		rest = rest[1:]
		switch name {
		case "", ".":
			continue
		case "..":
			cur = filepath.Dir(cur)
			continue
		}
		next := filepath.Join(cur, name)
		st, err := os.Lstat(next)
		if err != nil {
			return filepath.Join(append([]string{next}, rest...)...)
		}
		if st.Mode()&os.ModeSymlink == 0 {
			cur = next
			continue
		}
		if hops++; hops > pathPinHops {
			return ""
		}
		target, err := os.Readlink(next)
		if err != nil {
			return ""
		}
		if filepath.IsAbs(target) {
			cur = "/"
		}
		rest = append(strings.Split(target, "/"), rest...)
	}
	return cur
}
