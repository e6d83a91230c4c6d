package settings

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRepositoryAgentModesUnreadable: a .claude/agents that cannot be
// walked (a link loop, a directory without permission for a non-root
// user) counts as asking for every mode an untrusted repository may not
// start; one that is absent or dangling asks for none.
func TestRepositoryAgentModesUnreadable(t *testing.T) {
	for _, c := range []struct {
		name string
		make func(claude string)
		want int
	}{
		{"absent", func(string) {}, 0},
		{"dangling link", func(c string) { os.Symlink("../nowhere", filepath.Join(c, "agents")) }, 0},
		{"link loop", func(c string) { os.Symlink("agents", filepath.Join(c, "agents")) }, len(agentModesUnknown)},
		{"a bypass helper", func(c string) {
			os.Mkdir(filepath.Join(c, "agents"), 0o755)
			os.WriteFile(filepath.Join(c, "agents", "h.md"), []byte("---\npermissionMode: bypassPermissions\n---\n"), 0o644)
		}, 1},
	} {
		dir := t.TempDir()
		claude := filepath.Join(dir, ".claude")
		os.Mkdir(claude, 0o755)
		c.make(claude)
		if got := repositoryAgentModes(dir); len(got) != c.want {
			t.Errorf("%s: %d modes %v, want %d", c.name, len(got), got, c.want)
		}
	}
}
