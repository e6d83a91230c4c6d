package engine

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// verdictNameRows are custom modules (one or two files) with a rule named
// like a verdict but spelt otherwise. want is the did-you-mean verdict and
// line the rule's line in the first file ("": the modules load).
var verdictNameRows = []struct {
	name    string
	modules []string
	want    string
	line    int
}{
	{"capitalised", []string{`Deny contains "no curl" if startswith(input.input.command, "curl")`}, "deny", 3},
	{"upper case", []string{`ASK contains "why" if input.tool == "Bash"`}, "ask", 3},
	{"doubled letter", []string{`denny contains "no curl" if startswith(input.input.command, "curl")`}, "deny", 3},
	{"plural", []string{`allows contains "ok" if input.tool == "Read"`}, "allow", 3},
	{"plural of ask", []string{`asks contains "why" if input.tool == "Bash"`}, "ask", 3},
	{"dropped letter", []string{`alow contains "ok" if input.tool == "Read"`}, "allow", 3},
	{"after a real verdict", []string{"deny contains \"a\" if input.tool == \"X\"\n\ndenny contains \"b\" if input.tool == \"Bash\""}, "deny", 5},
	{"as a boolean", []string{`Deny if input.tool == "Bash"`}, "deny", 3},
	// Neighbours: the same names read by a verdict (in this module or
	// another) are helpers; names far from a verdict are left alone.
	{"helper read by deny", []string{"denied contains c if some c in [\"curl\", \"wget\"]\n\ndeny contains \"no\" if startswith(input.input.command, denied[_])"}, "", 0},
	{"helper read in another module", []string{`allows contains "Read"`, `allow contains "ok" if allows[input.tool]`}, "", 0},
	{"helper read by full path", []string{`asks contains "Bash"`, `ask contains "why" if data.agentctl.custom.asks[input.tool]`}, "", 0},
	{"unrelated helper", []string{`is_prod if input.cwd == "/srv"`, `deny contains "prod" if is_prod`}, "", 0},
	{"unused far name", []string{`denylist := ["curl"]`}, "", 0},
	{"plain verdicts", []string{`deny contains "x" if input.tool == "X"`, `ask contains "y" if input.tool == "Y"`}, "", 0},
}

// TestCustomVerdictSpelling: a custom rule spelt like a verdict and read
// by nothing (Deny, denny, allows) is refused at its file and line with
// the verdict it was meant to be — it decided nothing, silently, and the
// call it meant to deny was allowed.
func TestCustomVerdictSpelling(t *testing.T) {
	for _, tc := range verdictNameRows {
		t.Run(tc.name, func(t *testing.T) {
			s := project(t, `{"permissions": {"allow": ["Bash"]}}`, map[string]string{})
			dir := t.TempDir()
			first := filepath.Join(dir, "a.rego")
			for i, m := range tc.modules {
				os.WriteFile(filepath.Join(dir, string(rune('a'+i))+".rego"), []byte("package agentctl.custom\n\n"+m+"\n"), 0o644)
			}
			e, err := New(context.Background(), s, WithPolicyDir(dir))
			if tc.want == "" {
				if err != nil {
					t.Fatalf("New: %v", err)
				}
				if _, err := e.Decide(context.Background(), Call{Tool: "Bash", Input: map[string]any{"command": "curl x"}}); err != nil {
					t.Fatal(err)
				}
				return
			}
			var pe *PolicyError
			if !errors.As(err, &pe) || !errors.Is(err, ErrPolicy) || pe.File != first || pe.Line != tc.line ||
				!strings.Contains(pe.Message, `did you mean "`+tc.want+`"`) {
				t.Fatalf("New: %v (%#v), want a policy error at %s:%d naming %q", err, pe, first, tc.line, tc.want)
			}
		})
	}
}
