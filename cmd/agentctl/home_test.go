package main

import (
	"path/filepath"
	"testing"
)

// isolatedHome points HOME (and the config directories read from it) at a
// fresh temp directory for the test, so no settings or trust record of
// the machine running it is read.
func isolatedHome(t *testing.T) string {
	t.Helper()
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	t.Setenv("CLAUDE_CONFIG_DIR", "")
	// An agent session running the tests names its own project root.
	t.Setenv("CLAUDE_PROJECT_DIR", "")
	t.Setenv("GEMINI_PROJECT_DIR", "")
	return home
}
