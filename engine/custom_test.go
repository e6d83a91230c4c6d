package engine

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestCustomMessages: every shape a custom verdict's message can take —
// a string, an object with msg, an object without, a number; one verdict
// or several — reads the same from the native evaluator's fast query as
// from decision.rego (the package's tests decide both ways and fail on a
// difference), with the expected text.
func TestCustomMessages(t *testing.T) {
	for _, tc := range []struct {
		name, module string
		want         Effect
		reason       string
	}{
		{"string deny", `deny contains "no deploys" if input.tool == "Bash"`, Deny, "denied by org policy: no deploys"},
		{"object msg ask", `ask contains {"msg": "check first", "id": 7} if input.tool == "Bash"`, Ask, "org policy requires approval: check first"},
		{"object without msg", `deny contains {"id": 7} if input.tool == "Bash"`, Deny, `denied by org policy: {"id": 7}`},
		// A number is no message: both evaluators fail (closed) alike.
		{"number", `deny contains 42 if input.tool == "Bash"`, Deny, "error"},
		{"first in order", "deny contains \"b\" if input.tool == \"Bash\"\n\ndeny contains \"a\" if input.tool == \"Bash\"", Deny, "denied by org policy: a"},
		{"helper rules only", `helper := true`, Ask, ""},
		{"allow", `allow contains "fine" if input.tool == "Bash"`, Allow, "allowed by org policy: fine"},
		{"deny over allow", "allow contains \"fine\" if input.tool == \"Bash\"\n\ndeny contains \"no\" if input.tool == \"Bash\"", Deny, "denied by org policy: no"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := project(t, `{"permissions": {}}`, map[string]string{})
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, "org.rego"), []byte("package agentctl.custom\n\n"+tc.module+"\n"), 0o644)
			e, err := New(context.Background(), s, WithPolicyDir(dir))
			if err != nil {
				t.Fatal(err)
			}
			d, err := e.Decide(context.Background(), Call{Tool: "Bash", Input: map[string]any{"command": "make"}})
			if tc.reason == "error" {
				if err == nil {
					t.Errorf("got %v %q, want an error", d.Decision, d.Reason)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if d.Decision != tc.want || tc.reason != "" && d.Reason != tc.reason {
				t.Errorf("got %v %q, want %v %q", d.Decision, d.Reason, tc.want, tc.reason)
			}
		})
	}
}
