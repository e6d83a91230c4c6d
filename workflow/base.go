package workflow

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/agentctl/agentctl/settings"
)

// Tree is a version of the policy laid out on disk: the working tree, a
// directory, or the files of a git revision copied into a temporary
// directory. Paths under Root in the working tree live under Dir in it.
type Tree struct {
	// Root is the directory the policy's paths are relative to (the git
	// repository's top level, or the working tree's root).
	Root string
	// Dir holds this version: Root itself for the working tree.
	Dir string
	// Label names the version in reports (a revision, a directory).
	Label string
	// Close removes a temporary Dir.
	Close func()
}

// Remap returns the path as it is in this version of the policy.
func (t Tree) Remap(p string) string {
	if t.Dir == t.Root || p == "" {
		return p
	}
	if p == t.Root {
		return t.Dir
	}
	if strings.HasPrefix(p, t.Root+string(filepath.Separator)) {
		return filepath.Join(t.Dir, p[len(t.Root)+1:])
	}
	return p
}

// Unmap returns where a path of this version is in the working tree,
// labelled with the version ("REV:rel/path") for reports.
func (t Tree) Unmap(p string) string {
	if t.Dir == t.Root || !strings.HasPrefix(p, t.Dir+string(filepath.Separator)) {
		return p
	}
	return t.Label + ":" + filepath.ToSlash(p[len(t.Dir)+1:])
}

// Options returns settings options that load this version: every path the
// options name under Root is remapped (cwd, managed file, --settings file,
// --add-dir).
func (t Tree) Options(o settings.Options) settings.Options {
	abs := func(p string) string {
		if p == "" {
			return p
		}
		if a, err := filepath.Abs(p); err == nil {
			return t.Remap(a)
		}
		return p
	}
	o.Cwd = abs(o.Cwd)
	o.ManagedFile = abs(o.ManagedFile)
	if !strings.HasPrefix(strings.TrimSpace(o.FlagSettings), "{") {
		o.FlagSettings = abs(o.FlagSettings)
	}
	dirs := make([]string, len(o.AddDirs))
	for i, d := range o.AddDirs {
		dirs[i] = abs(d)
	}
	o.AddDirs = dirs
	return o
}

// WorkingTree is the policy as it is on disk, rooted at root.
func WorkingTree(root string) Tree {
	return Tree{Root: root, Dir: root, Label: "working tree", Close: func() {}}
}

// DirTree is another copy of the policy in dir, laid out as root is.
func DirTree(root, dir string) (Tree, error) {
	d, err := filepath.Abs(dir)
	if err != nil {
		return Tree{}, err
	}
	if d, err = filepath.EvalSymlinks(d); err != nil {
		return Tree{}, err
	}
	return Tree{Root: root, Dir: d, Label: dir, Close: func() {}}, nil
}

// GitRoot is the top level of the git repository holding dir.
func GitRoot(ctx context.Context, dir string) (string, error) {
	out, err := git(ctx, dir, "rev-parse", "--show-toplevel")
	if err != nil {
		return "", err
	}
	return filepath.EvalSymlinks(strings.TrimSpace(string(out)))
}

// GitTree copies the policy files of revision rev (`git show REV:path`)
// into a temporary directory: the settings files and folders the working
// tree's policy reads (dirs: each folder's settings and Rego files, and
// managed-settings.d below it). A file the revision does not have is left
// out, as if it did not exist then.
func GitTree(ctx context.Context, root, rev string, dirs []string) (Tree, error) {
	if _, err := git(ctx, root, "rev-parse", "--verify", "--quiet", rev+"^{commit}"); err != nil {
		return Tree{}, fmt.Errorf("--base %s: not a directory or a git revision of %s", rev, root)
	}
	tmp, err := os.MkdirTemp("", "agentctl-base-")
	if err != nil {
		return Tree{}, err
	}
	t := Tree{Root: root, Dir: tmp, Label: rev, Close: func() { os.RemoveAll(tmp) }}
	seen := map[string]bool{}
	var visit func(rel string, depth int) error
	visit = func(rel string, depth int) error {
		if seen[rel] || depth > 2 {
			return nil
		}
		seen[rel] = true
		spec := rev + ":" + rel
		if rel == "." {
			spec = rev + ":"
		}
		out, err := git(ctx, root, "ls-tree", "--format=%(objecttype) %(path)", spec)
		if err != nil {
			return nil // the folder did not exist at rev
		}
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			kind, name, ok := strings.Cut(line, " ")
			if !ok {
				continue
			}
			p := filepath.ToSlash(filepath.Join(rel, name))
			switch {
			case kind == "tree" && (name == ".claude" || name == "managed-settings.d"):
				if err := visit(p, depth+1); err != nil {
					return err
				}
			case kind == "blob" && policyFile(name):
				data, err := git(ctx, root, "show", rev+":"+p)
				if err != nil {
					return err
				}
				dst := filepath.Join(tmp, filepath.FromSlash(p))
				if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
					return err
				}
				if err := os.WriteFile(dst, data, 0o644); err != nil {
					return err
				}
			}
		}
		return nil
	}
	for _, d := range dirs {
		rel, err := filepath.Rel(root, d)
		if err != nil || strings.HasPrefix(rel, "..") {
			continue
		}
		if err := visit(filepath.ToSlash(rel), 0); err != nil {
			t.Close()
			return Tree{}, err
		}
	}
	return t, nil
}

func policyFile(name string) bool {
	for _, ext := range []string{".json", ".yaml", ".yml", ".rego"} {
		if strings.HasSuffix(name, ext) {
			return true
		}
	}
	return false
}

func git(ctx context.Context, dir string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}
