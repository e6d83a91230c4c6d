package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// red16regoRuntimeRows are custom modules that fail at evaluation; line is
// where the error is, and the call must be denied naming the user's file.
var red16regoRuntimeRows = []struct {
	name, module string
	line         int // 0: the module evaluates
}{
	{"conflicting complete rule", "level := 1 if input.tool == \"Bash\"\n\nlevel := 2 if input.tool == \"Bash\"\n\nallow contains \"ok\" if level > 0", 5},
	{"division by zero", "ratio := 1 / count(input.facts.files)\n\nallow contains \"ok\" if ratio > 0", 3},
	{"built-in type error", "allow contains \"ok\" if to_number(input.input.command) > 0", 3},
	{"conflicting function", "f(x) := 1 if x\n\nf(x) := 2 if x\n\nallow contains \"ok\" if f(true) == 1", 5},
	{"neighbour: a sound module", "allow contains \"ok\" if input.tool == \"Bash\"", 0},
}

// TestRed16regoRuntimeErrorsNameUserFile: a custom module that errors at
// evaluation denies the call, and the reason names the module at the
// user's path (OPA names custom/org.rego, a path that exists nowhere).
func TestRed16regoRuntimeErrorsNameUserFile(t *testing.T) {
	for _, tc := range red16regoRuntimeRows {
		t.Run(tc.name, func(t *testing.T) {
			s := project(t, `{"permissions": {}}`, map[string]string{})
			dir := t.TempDir()
			file := filepath.Join(dir, "org.rego")
			os.WriteFile(file, []byte("package agentctl.custom\n\n"+tc.module+"\n"), 0o644)
			e, err := New(context.Background(), s, WithPolicyDir(dir))
			if err != nil {
				t.Fatal(err)
			}
			d, err := e.Decide(context.Background(), Call{Tool: "Bash", Input: map[string]any{"command": "curl x"}})
			if tc.line == 0 {
				if err != nil || d.Decision != Allow {
					t.Fatalf("got %v %q (%v), want allow", d.Decision, d.Reason, err)
				}
				return
			}
			if err == nil || d.Decision != Deny || d.Stage != StageError {
				t.Fatalf("got %v at %v %q (%v), want a fail-closed deny", d.Decision, d.Stage, d.Reason, err)
			}
			if want := fmt.Sprintf("%s:%d", file, tc.line); !strings.Contains(d.Reason, want) || strings.Contains(d.Reason, "custom/org.rego") {
				t.Errorf("reason %q does not name %s", d.Reason, want)
			}
		})
	}
}
