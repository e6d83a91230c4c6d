package engine

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// errUnloaded stops the walk at the first file found.
var errUnloaded = errors.New("a file OPA loads that agentctl does not")

// unloadedFile says why OPA would load the file at path (relative to the
// policy directory: top says it is directly in it) while agentctl does
// not ("" when agentctl loads it too, or OPA does not).
func unloadedFile(name string, top bool) string {
	switch ext := filepath.Ext(name); {
	case ext == ".rego" && !strings.HasSuffix(name, "_test.rego") && !top:
		return "a module in a subdirectory"
	case ext == ".json" || ext == ".yml" || ext == ".yaml" && !top:
		return "a data file"
	}
	return ""
}

// checkPolicySubdirs refuses a --policy directory holding a file OPA loads
// and agentctl does not. agentctl loads DIR/*.rego (modules) and
// DIR/*.yaml (command tables); OPA (opa run, opa eval -d, opa check) loads
// modules at any depth and every .json, .yaml and .yml file as data. An
// organisation's policy/network/deny.rego, or the policy/hosts.json its
// deny rules read as data.blocked_hosts, passed OPA and silently decided
// nothing here — the deny never fired. Test modules (*_test.rego) do not
// decide and are let be; a symlinked directory is looked into too.
func checkPolicySubdirs(dir string) error {
	dir = filepath.Clean(dir)
	var found, why string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if path == dir {
			return nil
		}
		top := filepath.Dir(path) == dir
		if d.Type()&fs.ModeSymlink != 0 {
			fi, err := os.Stat(path)
			if err != nil || !fi.IsDir() {
				if why = unloadedFile(d.Name(), top); why != "" {
					found = path
					return errUnloaded
				}
				return nil
			}
			// A linked directory's whole tree (the trailing separator makes
			// WalkDir open the link's target); an error there is the
			// policy's error, not a pass.
			root := path + string(filepath.Separator)
			return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
				if err != nil {
					return err
				}
				if p != root && (d.Type()&fs.ModeSymlink != 0 || !d.IsDir()) {
					if why = unloadedFile(d.Name(), false); why != "" {
						found = p
						return errUnloaded
					}
				}
				return nil
			})
		}
		if !d.IsDir() {
			if why = unloadedFile(d.Name(), top); why != "" {
				found = path
				return errUnloaded
			}
		}
		return nil
	})
	if errors.Is(err, errUnloaded) {
		return &PolicyError{File: found, Code: CodePolicy,
			Message: fmt.Sprintf("%s: OPA loads it from the policy directory %s, agentctl does not (only its own *.rego modules "+
				"and *.yaml command tables): rules that read it would silently decide nothing; move it into %s as a module, "+
				"or out of the policy directory", why, dir, dir)}
	}
	if err != nil {
		return fmt.Errorf("%w: --policy %s: %w", ErrPolicy, dir, err)
	}
	return nil
}
