package engine

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// errSubdirModule stops the walk at the first module found.
var errSubdirModule = errors.New("module in a subdirectory")

// checkPolicySubdirs refuses a --policy directory whose subdirectories
// hold Rego modules. Only DIR/*.rego are loaded, while OPA (opa run,
// opa eval -d, opa check) loads a directory's modules at any depth: an
// organisation's policy/network/deny.rego passed OPA's checks and its
// deny rules silently never applied here. Test modules (*_test.rego) do
// not decide and are let be; a symlinked directory is looked into too.
func checkPolicySubdirs(dir string) error {
	dir = filepath.Clean(dir)
	var found string
	isModule := func(name string) bool {
		return strings.HasSuffix(name, ".rego") && !strings.HasSuffix(name, "_test.rego")
	}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if path == dir || filepath.Dir(path) == dir && !d.IsDir() && d.Type()&fs.ModeSymlink == 0 {
			return nil // the directory itself, and the modules it loads
		}
		if d.Type()&fs.ModeSymlink != 0 {
			if fi, err := os.Stat(path); err == nil && fi.IsDir() {
				names, _ := filepath.Glob(filepath.Join(path, "*.rego"))
				for _, n := range names {
					if isModule(filepath.Base(n)) {
						found = n
						return errSubdirModule
					}
				}
			}
			return nil
		}
		if !d.IsDir() && isModule(d.Name()) && filepath.Dir(path) != dir {
			found = path
			return errSubdirModule
		}
		return nil
	})
	if errors.Is(err, errSubdirModule) {
		return &PolicyError{File: found, Code: CodePolicy,
			Message: fmt.Sprintf("a module in a subdirectory of the policy directory %s is not loaded (only its own *.rego files are), "+
				"while OPA loads it: move it into %s, or its rules would silently not apply", dir, dir)}
	}
	if err != nil {
		return fmt.Errorf("%w: --policy %s: %w", ErrPolicy, dir, err)
	}
	return nil
}
