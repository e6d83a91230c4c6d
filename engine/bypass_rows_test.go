package engine

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// shellRow is one row of a Bash bypass table: the settings, the mode, the
// command and the decision the spec asks for.
type shellRow struct {
	settings, mode, cmd string
	want                string // deny, ask, notallow, notdeny or allow
}

// runShellRows decides every row of classes with an engine built once per
// distinct settings, over a project holding files.
func runShellRows(t *testing.T, files map[string]string, classes map[string][]shellRow, opts ...Option) {
	t.Helper()
	engines := map[string]*Engine{}
	for _, rows := range classes {
		for _, r := range rows {
			if engines[r.settings] != nil {
				continue
			}
			fs := map[string]string{}
			for k, v := range files {
				fs[k] = v
			}
			e, err := New(context.Background(), project(t, r.settings, fs), opts...)
			if err != nil {
				t.Fatal(err)
			}
			engines[r.settings] = e
		}
	}
	for class, rows := range classes {
		t.Run(class, func(t *testing.T) {
			for _, r := range rows {
				d, err := engines[r.settings].Decide(context.Background(),
					Call{Tool: "Bash", Mode: r.mode, Input: map[string]any{"command": r.cmd}})
				if err != nil {
					t.Fatal(err)
				}
				if !wantDecision(r.want, d.Decision.String()) {
					t.Errorf("%s [%s] under %s: got %s (%s: %s), want %s", r.cmd, r.mode, r.settings, d.Decision, d.Stage, d.Reason, r.want)
				}
			}
		})
	}
}

// toolRow is one row of a tool bypass table: the tool, its input as JSON
// (<cwd> stands for the project), the mode and the decision.
type toolRow struct {
	tool, input, mode, want string
}

// runToolRows decides every row of classes with e, whose project is cwd.
func runToolRows(t *testing.T, e *Engine, cwd string, classes map[string][]toolRow) {
	t.Helper()
	for class, rows := range classes {
		t.Run(class, func(t *testing.T) {
			for _, c := range rows {
				raw := strings.ReplaceAll(c.input, "<cwd>", cwd)
				var in map[string]any
				if err := json.Unmarshal([]byte(raw), &in); err != nil {
					t.Fatalf("%s: %v", raw, err)
				}
				d, err := e.Decide(context.Background(), Call{Tool: c.tool, Input: in, Mode: c.mode})
				if err != nil {
					t.Fatalf("%s %s: %v", c.tool, raw, err)
				}
				if !wantDecision(c.want, d.Decision.String()) {
					t.Errorf("%s %s (%s): got %s (%s: %s), want %s", c.tool, raw, c.mode, d.Decision, d.Stage, d.Reason, c.want)
				}
			}
		})
	}
}
