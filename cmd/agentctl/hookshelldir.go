package main

import (
	"maps"
	"path/filepath"
	"strings"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/toolspec"
)

// inShellDir returns a Claude Code call whose search root is relative or
// absent (Grep's or Glob's path: the only file tools whose path need not
// be absolute) with that root made absolute in dir, where the agent's
// shell stands. Claude Code resolves such a path against its current
// working directory, which follows the session's `cd` (and is the event's
// cwd); the engine resolves a file tool's path against the session's
// cwd, the project root. After `cd secret`, Grep {"path": "key"} read
// secret/key and was decided as the root's key; Grep without a path
// searched secret/ and was decided as a search of the project — the
// rules only agentctl enforces (a deny rule of the hook's --settings or
// --policy, which Claude Code's own Grep does not leave out) never saw
// secret/. A path under ~ is left to the engine, as are values that are
// not strings (validation refuses them). dir "" changes nothing.
func inShellDir(c engine.Call, dir string) engine.Call {
	if dir == "" {
		return c
	}
	spec, ok := toolspec.Lookup(c.Tool)
	if !ok || spec.Family == toolspec.NoFamily || spec.AbsolutePath || spec.MainField == "" {
		return c
	}
	v, present := c.Input[spec.MainField]
	p, isString := v.(string)
	if present && v != nil && !isString || filepath.IsAbs(p) || strings.HasPrefix(p, "~") {
		return c
	}
	in := maps.Clone(c.Input)
	if in == nil {
		in = map[string]any{}
	}
	in[spec.MainField] = filepath.Join(dir, p)
	c.Input = in
	return c
}
