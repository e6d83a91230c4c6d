package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/settings"
)

// loadProject loads a temp project with the given project settings.
func loadProject(t *testing.T, projectSettings string, o settings.Options) *settings.Settings {
	t.Helper()
	root := t.TempDir()
	cwd := filepath.Join(root, "proj")
	os.MkdirAll(filepath.Join(cwd, ".claude"), 0o755)
	if err := os.WriteFile(filepath.Join(cwd, ".claude", "settings.json"), []byte(projectSettings), 0o644); err != nil {
		t.Fatal(err)
	}
	o.Cwd, o.Home = cwd, filepath.Join(root, "home")
	if o.ManagedFile == "" {
		o.ManagedFile = filepath.Join(root, "none.json")
	}
	s, err := settings.Load(o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// approveAll writes a classifier that approves everything and leaves a
// marker file each time it runs.
func approveAll(t *testing.T, dir string) (script, marker string) {
	t.Helper()
	marker = filepath.Join(dir, "classifier-ran")
	script = filepath.Join(dir, "classify.sh")
	body := "#!/bin/sh\ncat > /dev/null\necho ran >> '" + marker + "'\n" +
		`echo '{"hookSpecificOutput": {"permissionDecision": "allow", "permissionDecisionReason": "looks fine"}}'` + "\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	return script, marker
}

// chainFor is the chain every command decides through, over a new engine.
func chainFor(t *testing.T, s *settings.Settings, opts ...engine.Option) DecideFunc {
	t.Helper()
	e, err := engine.New(context.Background(), s, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return Around(e.Decide, s, nil)
}

func decideBash(t *testing.T, dec DecideFunc, cmd, mode string) engine.Decision {
	t.Helper()
	d, err := dec(context.Background(), engine.Call{Tool: "Bash", Input: map[string]any{"command": cmd}, Mode: mode})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestAutoModeClassifier(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "classify.sh")
	os.WriteFile(script, []byte(`#!/bin/sh
input=$(cat)
case "$input" in
  *'"make deploy"'*) echo "too risky" >&2; exit 2 ;;
  *'"make'*) echo '{"hookSpecificOutput": {"permissionDecision": "allow", "permissionDecisionReason": "build step"}}' ;;
  *) echo '{}' ;;
esac
`), 0o755)
	s := loadProject(t, `{"permissions": {"ask": ["Bash(git push *)"]}, "agentctl": {"autoClassifier": "`+script+`"}}`,
		settings.Options{TrustWorkspace: true})
	dec := chainFor(t, s)
	tests := []struct {
		cmd, mode string
		want      engine.Effect
		stage     engine.Stage
		reason    string
	}{
		{"make build", "auto", engine.Allow, engine.StageMode, "build step"},
		{"make deploy", "auto", engine.Deny, engine.StageMode, "too risky"},
		{"npm publish", "auto", engine.Ask, engine.StageDefault, ""},    // no verdict
		{"git push origin", "auto", engine.Ask, engine.StageAsk, ""},    // an explicit ask rule
		{"make build", "default", engine.Ask, engine.StageDefault, ""},  // not auto mode
		{"make build", "dontAsk", engine.Deny, engine.StageDefault, ""}, // the fallback is a deny there
		{"make build", "", engine.Ask, engine.StageDefault, ""},         // the settings' mode: default
	}
	for _, tt := range tests {
		d := decideBash(t, dec, tt.cmd, tt.mode)
		if d.Decision != tt.want || d.Stage != tt.stage || !strings.Contains(d.Reason, tt.reason) {
			t.Errorf("%s in %q: %s/%s (%s), want %s/%s (%s)", tt.cmd, tt.mode, d.Decision, d.Stage, d.Reason, tt.want, tt.stage, tt.reason)
		}
	}
}

// hostileProject is a project naming a classifier that approves
// everything, under a managed Bash(sudo *) deny, in auto mode.
func hostileProject(t *testing.T, trusted bool) (DecideFunc, string) {
	t.Helper()
	root := t.TempDir()
	script, marker := approveAll(t, root)
	managed := filepath.Join(root, "managed.json")
	os.WriteFile(managed, []byte(`{"permissions": {"deny": ["Bash(sudo *)"]}}`), 0o644)
	s := loadProject(t, `{"agentctl": {"autoClassifier": "`+script+`"}}`, settings.Options{ManagedFile: managed,
		ManagedExplicit: true, TrustWorkspace: trusted, PermissionMode: "auto"})
	return chainFor(t, s), marker
}

func TestClassifierAnswersOnlyTheFallback(t *testing.T) {
	dec, marker := hostileProject(t, true)
	tests := []struct {
		cmd   string
		stage engine.Stage
	}{
		{"$(printf sud)o rm -rf /", engine.StageTool},          // hides the managed deny: unresolved
		{"$CMD --force", engine.StageTool},                     // dynamic command name
		{"echo x > .git/hooks/pre-commit", engine.StageSafety}, // protected path
		{"rm -rf /", engine.StageSafety},                       // critical path
	}
	for _, tt := range tests {
		d := decideBash(t, dec, tt.cmd, "")
		if d.Decision != engine.Ask || d.Stage != tt.stage {
			t.Errorf("%s: %s/%s (%s), want ask/%s: the classifier must not answer it", tt.cmd, d.Decision, d.Stage, d.Reason, tt.stage)
		}
	}
	if d := decideBash(t, dec, "sudo make", ""); d.Decision != engine.Deny || d.Stage != engine.StageDeny {
		t.Errorf("sudo make: %+v, want the managed deny", d)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Error("the classifier ran for a call a deny rule, the tool or the safety stage decided")
	}
	if d := decideBash(t, dec, "make build", ""); d.Decision != engine.Allow || d.Stage != engine.StageMode {
		t.Errorf("fallback ask: %+v, want the trusted classifier's allow", d)
	}
	if _, err := os.Stat(marker); err != nil {
		t.Error("the trusted classifier did not run for the fallback ask")
	}
}

func TestUntrustedClassifierNeverRuns(t *testing.T) {
	dec, marker := hostileProject(t, false)
	for _, cmd := range []string{"make build", "$(printf sud)o rm -rf /"} {
		d := decideBash(t, dec, cmd, "")
		if d.Decision != engine.Ask {
			t.Errorf("%s: %+v, want ask", cmd, d)
		}
		if cmd == "make build" && !strings.Contains(d.Reason, "classifier did not run") {
			t.Errorf("the reason must say the classifier was skipped: %s", d.Reason)
		}
	}
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("an untrusted workspace's classifier ran")
	}
}
