package engine

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentctl/agentctl/settings"
)

// TestPolicyFilesProtected: the files whose content is the session's
// policy (the managed file, managed-settings.d, a --settings file, the
// user settings directory, the trust records) are protected writes in
// every mode, whatever the allow rules; both evaluators.
func TestPolicyFilesProtected(t *testing.T) {
	root := t.TempDir()
	cwd := filepath.Join(root, "proj")
	managed := filepath.Join(root, "etc", "managed.json")
	store := filepath.Join(root, "config", "agentctl", "trusted.json")
	os.MkdirAll(cwd, 0o755)
	os.MkdirAll(filepath.Dir(managed), 0o755)
	policy := `{"permissions":{"allow":["Bash","Edit","Write"],"deny":["Bash(rm *)"]}}`
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
	writes := []string{managed, filepath.Join(root, "etc", "managed-settings.d", "99.json"), store,
		filepath.Join(root, "cc", "settings.json"), filepath.Join(root, "cc", ".claude.json")}
	for _, mode := range []string{"default", "acceptEdits", "bypassPermissions"} {
		for _, p := range writes {
			d, err := e.Decide(context.Background(), Call{Tool: "Write", Mode: mode, Input: map[string]any{"file_path": p, "content": "{}"}})
			if err != nil {
				t.Fatal(err)
			}
			if d.Decision != Ask {
				t.Errorf("%s: Write %s: got %s (%s), want ask", mode, p, d.Decision, d.Reason)
			}
			for _, cmd := range []string{"echo '{}' > " + p, "cp /tmp/x " + p, "sed -i s/deny/x/ " + p} {
				d, err := e.Decide(context.Background(), Call{Tool: "Bash", Mode: mode, Input: map[string]any{"command": cmd}})
				if err != nil {
					t.Fatal(err)
				}
				if d.Decision != Ask {
					t.Errorf("%s: %s: got %s (%s), want ask", mode, cmd, d.Decision, d.Reason)
				}
			}
		}
	}
	// Reading policy is fine; so is writing next to it.
	for _, cmd := range []string{"cat " + managed, "echo x > " + filepath.Join(root, "etc", "notes.txt"), "agentctl trust list"} {
		d := decide(t, e, "Bash", map[string]any{"command": cmd})
		if d.Decision != Allow {
			t.Errorf("%s: got %s (%s), want allow", cmd, d.Decision, d.Reason)
		}
	}
	d := decide(t, e, "Bash", map[string]any{"command": "agentctl trust ."})
	if d.Decision == Allow {
		t.Errorf("agentctl trust .: allowed (%s)", d.Reason)
	}
}
