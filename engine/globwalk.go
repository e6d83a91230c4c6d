package engine

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"

	"github.com/bmatcuk/doublestar/v4"
)

// globBudget bounds the file-system calls one glob operand may make. A
// repository can hold symlinks to its own ancestors (src/a -> .., src/b ->
// ..): `**` then branches at every level and the walk never ends in
// practice, so a "read-only" `cat src/**` would hang the decision until the
// agent's hook timeout turns it into a non-blocking error (fail open).
const globBudget = 10000

// errGlobBudget stops a walk that spent its budget.
var errGlobBudget = errors.New("glob walk budget spent")

// budgetFS is a directory file system that answers at most left calls.
// Not safe for concurrent use (one per glob).
type budgetFS struct {
	fsys fs.FS
	left int
}

func (b *budgetFS) spend() error {
	if b.left <= 0 {
		return errGlobBudget
	}
	b.left--
	return nil
}

func (b *budgetFS) Open(name string) (fs.File, error) {
	if err := b.spend(); err != nil {
		return nil, err
	}
	return b.fsys.Open(name)
}

func (b *budgetFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if err := b.spend(); err != nil {
		return nil, err
	}
	return fs.ReadDir(b.fsys, name)
}

func (b *budgetFS) Stat(name string) (fs.FileInfo, error) {
	if err := b.spend(); err != nil {
		return nil, err
	}
	return fs.Stat(b.fsys, name)
}

// boundedGlob expands an absolute glob the way doublestar.FilepathGlob
// does, within globBudget file-system calls. complete is false when the
// budget ran out: the matches are then a part of what the shell would see.
func boundedGlob(pattern string) (matches []string, complete bool) {
	pattern = filepath.ToSlash(filepath.Clean(pattern))
	base, f := doublestar.SplitPattern(pattern)
	if f == "" || f == "." || f == ".." {
		m, _ := doublestar.FilepathGlob(pattern) // no walk: one Lstat
		return m, true
	}
	b := &budgetFS{fsys: os.DirFS(base), left: globBudget}
	m, _ := doublestar.Glob(b, f)
	for i := range m {
		m[i] = filepath.FromSlash(path.Join(base, m[i]))
	}
	return m, b.left > 0
}
