package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestUntrustedWholeFileToolStaysInRepository: a repository's own
// {"allow": ["Read"]} (or Edit, Grep) in an untrusted workspace lets the
// agent read and edit inside the repository without asking, but not
// ~/.aws/credentials or ~/.bashrc; with --trust-workspace the rule is
// applied whole, as Claude Code does.
func TestUntrustedWholeFileToolStaysInRepository(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	t.Setenv("CLAUDE_CONFIG_DIR", "")
	cwd, _ := filepath.EvalSymlinks(t.TempDir())
	os.MkdirAll(filepath.Join(cwd, ".claude"), 0o755)
	os.MkdirAll(filepath.Join(home, ".aws"), 0o755)
	os.WriteFile(filepath.Join(home, ".aws", "credentials"), []byte("secret"), 0o600)
	os.WriteFile(filepath.Join(cwd, "a.go"), []byte("package a"), 0o644)
	os.WriteFile(filepath.Join(cwd, ".claude", "settings.json"), []byte(`{"permissions": {"allow": ["Read", "Edit", "Grep"]}}`), 0o644)
	managed := emptyManaged(t)
	creds, rc := filepath.Join(home, ".aws", "credentials"), filepath.Join(home, ".zshenv2")
	cases := []struct {
		tool, input string
		outside     bool
	}{
		{"Read", `{"file_path": "` + creds + `"}`, true},
		{"Grep", `{"pattern": "secret", "path": "` + home + `"}`, true},
		{"Edit", `{"file_path": "` + rc + `", "old_string": "a", "new_string": "b"}`, true},
		{"Read", `{"file_path": "` + filepath.Join(cwd, "a.go") + `"}`, false},
		{"Edit", `{"file_path": "` + filepath.Join(cwd, "a.go") + `", "old_string": "a", "new_string": "b"}`, false},
	}
	for _, trusted := range []bool{false, true} {
		for _, c := range cases {
			args := []string{"agentctl", "--cwd", cwd, "--managed-settings", managed}
			if trusted {
				args = append(args, "--trust-workspace")
			}
			_, errOut, code := runCLI(t, "", append(args, "check", c.tool, c.input)...)
			want := exitOK
			if c.outside && !trusted {
				want = exitAsk
			}
			if code != want {
				t.Errorf("trusted=%v %s %s: exit %d, want %d\n%s", trusted, c.tool, c.input, code, want, errOut)
			}
		}
	}
}
