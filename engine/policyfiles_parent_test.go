package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentctl/agentctl/settings"
)

// TestPolicyFileParentsProtected: moving, removing or replacing a
// directory above a policy file replaces the file (mv ~/.config/agentctl
// away, put a repository's trusted.json in its place), and a differently
// cased name is the same file on macOS: all ask in every mode, both
// evaluators. Writes beside them, and to directories that hold no policy
// file, are untouched.
func TestPolicyFileParentsProtected(t *testing.T) {
	root := t.TempDir()
	cwd := filepath.Join(root, "proj")
	managed := filepath.Join(root, "etc", "managed.json")
	cfg := filepath.Join(root, "config")
	store := filepath.Join(cfg, "agentctl", "trusted.json")
	os.MkdirAll(cwd, 0o755)
	os.MkdirAll(filepath.Dir(managed), 0o755)
	policy := `{"permissions":{"allow":["Bash","Edit","Write"],"deny":["Bash(curl *)"]}}`
	if err := os.WriteFile(managed, []byte(policy), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := settings.Load(settings.Options{Cwd: cwd, Home: filepath.Join(root, "home"), ManagedFile: managed,
		ManagedExplicit: true, TrustStore: store, ConfigDir: filepath.Join(root, "cc")})
	if err != nil {
		t.Fatal(err)
	}
	e, err := New(context.Background(), s, WithEvaluator(EvalBoth))
	if err != nil {
		t.Fatal(err)
	}
	ask := []string{
		"mv " + filepath.Join(cfg, "agentctl") + " " + filepath.Join(root, "old"),
		"mv " + cfg + " " + filepath.Join(root, "old"),
		"rm -rf " + filepath.Join(cfg, "agentctl"),
		"mv " + filepath.Join(cwd, "fake") + " " + filepath.Join(cfg, "agentctl"),
		"ln -sfn " + cwd + " " + filepath.Join(cfg, "agentctl"),
		"mv " + filepath.Join(cwd, "trusted.json") + " " + filepath.Join(cfg, "agentctl") + "/",
		"mv " + filepath.Join(root, "etc") + " " + filepath.Join(root, "etc.old"),
		"rm -rf " + filepath.Join(root, "cc"),
		"echo '{}' > " + strings.ToUpper(store[:len(store)-len("trusted.json")]) + "TRUSTED.json",
		"cp x " + filepath.Join(root, "CC", "Settings.json"),
	}
	benign := []string{
		"mv " + filepath.Join(cfg, "other") + " " + filepath.Join(root, "old"),
		"rm -rf " + filepath.Join(cfg, "agentctl-cache"),
		"echo x > " + filepath.Join(cfg, "notes.txt"),
		"mkdir -p " + filepath.Join(cwd, "build"),
		"cp a b",
	}
	for _, mode := range []string{"default", "acceptEdits", "bypassPermissions"} {
		for _, cmd := range ask {
			d, err := e.Decide(context.Background(), Call{Tool: "Bash", Mode: mode, Input: map[string]any{"command": cmd}})
			if err != nil {
				t.Fatal(err)
			}
			if d.Decision != Ask {
				t.Errorf("%s: %s: got %s (%s), want ask", mode, cmd, d.Decision, d.Reason)
			}
		}
		for _, p := range []string{filepath.Join(cfg, "agentctl"), filepath.Join(root, "CC", ".CLAUDE.json"), strings.ToUpper(managed)} {
			d, err := e.Decide(context.Background(), Call{Tool: "Write", Mode: mode, Input: map[string]any{"file_path": p, "content": "{}"}})
			if err != nil {
				t.Fatal(err)
			}
			if d.Decision != Ask {
				t.Errorf("%s: Write %s: got %s (%s), want ask", mode, p, d.Decision, d.Reason)
			}
		}
	}
	for _, cmd := range benign {
		d, err := e.Decide(context.Background(), Call{Tool: "Bash", Mode: "bypassPermissions", Input: map[string]any{"command": cmd}})
		if err != nil {
			t.Fatal(err)
		}
		if d.Decision != Allow {
			t.Errorf("bypassPermissions: %s: got %s (%s), want allow", cmd, d.Decision, d.Reason)
		}
	}
}
