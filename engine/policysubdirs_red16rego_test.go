package engine

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// red16regoSubdirRows lay out a --policy directory (files relative to it;
// "->" links a name to a directory) beside a top-level org.rego; bad names
// the module that must be reported ("" for a directory that loads).
var red16regoSubdirRows = []struct {
	name  string
	files map[string]string
	bad   string
}{
	{"deny rules in a subdirectory", map[string]string{"network/deny.rego": red16regoDenyCurl}, "network/deny.rego"},
	{"deeper", map[string]string{"a/b/c.rego": red16regoDenyCurl}, "a/b/c.rego"},
	{"a hidden subdirectory", map[string]string{".org/deny.rego": red16regoDenyCurl}, ".org/deny.rego"},
	{"a symlinked subdirectory", map[string]string{"->linked": "real/deny.rego"}, "linked/deny.rego"},
	// Neighbours: what does not decide, and the directory's own modules.
	{"tests in a subdirectory", map[string]string{"tests/org_test.rego": "package agentctl.custom_test\n"}, ""},
	{"data as JSON", map[string]string{"hosts.json": `{"blocked_hosts": ["evil.example"]}`}, "hosts.json"},
	{"data as .yml", map[string]string{"hosts.yml": "blocked_hosts: [evil.example]\n"}, "hosts.yml"},
	{"data in a subdirectory", map[string]string{"data/hosts.yaml": "blocked_hosts: [evil.example]\n"}, "data/hosts.yaml"},
	{"notes in a subdirectory", map[string]string{"docs/README.md": "x", "docs/notes.txt": "x"}, ""},
	{"modules at the top", map[string]string{"net.rego": red16regoDenyCurl}, ""},
}

const red16regoDenyCurl = "package agentctl.custom\n\ndeny contains \"no curl\" if startswith(input.input.command, \"curl\")\n"

// TestRed16regoPolicySubdirs: a module in a subdirectory of --policy is
// refused at its path — OPA loads it, agentctl did not, and its deny rules
// silently never applied (curl under Bash(curl:*) was allowed).
func TestRed16regoPolicySubdirs(t *testing.T) {
	for _, tc := range red16regoSubdirRows {
		t.Run(tc.name, func(t *testing.T) {
			s := project(t, `{"permissions": {"allow": ["Bash(curl:*)"]}}`, map[string]string{})
			root := t.TempDir()
			dir := filepath.Join(root, "policy")
			os.MkdirAll(dir, 0o755)
			os.WriteFile(filepath.Join(dir, "org.rego"), []byte("package agentctl.custom\n\nallow contains \"x\" if false\n"), 0o644)
			for name, src := range tc.files {
				if name[:2] == "->" {
					target := filepath.Join(root, filepath.Dir(src))
					os.MkdirAll(target, 0o755)
					os.WriteFile(filepath.Join(root, src), []byte(red16regoDenyCurl), 0o644)
					os.Symlink(target, filepath.Join(dir, name[2:]))
					continue
				}
				p := filepath.Join(dir, name)
				os.MkdirAll(filepath.Dir(p), 0o755)
				os.WriteFile(p, []byte(src), 0o644)
			}
			e, err := New(context.Background(), s, WithPolicyDir(dir+string(filepath.Separator)))
			if tc.bad == "" {
				if err != nil {
					t.Fatal(err)
				}
				d, err := e.Decide(context.Background(), Call{Tool: "Bash", Input: map[string]any{"command": "curl x"}})
				if err != nil {
					t.Fatal(err)
				}
				if _, top := tc.files["net.rego"]; top && d.Decision != Deny {
					t.Errorf("top-level deny: got %v %q", d.Decision, d.Reason)
				}
				return
			}
			var pe *PolicyError
			if !errors.As(err, &pe) || pe.File != filepath.Join(dir, tc.bad) {
				t.Fatalf("New: %v, want a policy error at %s", err, tc.bad)
			}
		})
	}
}
