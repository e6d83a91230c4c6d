package engine

import (
	"context"
	"testing"
)

// bashModeRow is one Bash call under flag settings and a mode, with the
// decision it must get.
type bashModeRow struct {
	settings string // flag settings
	cmd      string
	mode     string
	want     string
}

// checkBashRows decides every row, by class, in the sweep layout holding
// files, and reports each decision that differs from the row's.
func checkBashRows(t *testing.T, files map[string]string, classes map[string][]bashModeRow) {
	t.Helper()
	root, dirs, sub := sweepLayout(t, files)
	engine := sweepEngines(root, dirs, sub)
	for class, rows := range classes {
		t.Run(class, func(t *testing.T) {
			for _, r := range rows {
				e := engine(t, r.settings)
				d, err := e.Decide(context.Background(), Call{Tool: "Bash", Mode: r.mode, Input: map[string]any{"command": r.cmd}})
				if err != nil {
					t.Fatal(err)
				}
				if got := d.Decision.String(); got != r.want {
					t.Errorf("%q [%s] under %s: got %s (%s: %s), want %s", r.cmd, r.mode, r.settings, got, d.Stage, d.Reason, r.want)
				}
			}
		})
	}
}
