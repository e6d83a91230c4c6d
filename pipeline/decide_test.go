package pipeline

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/settings"
	"github.com/agentctl/agentctl/tools"
)

func TestChainOrder(t *testing.T) {
	var trail []string
	mark := func(name string) Middleware {
		return func(next DecideFunc) DecideFunc {
			return func(ctx context.Context, call engine.Call) (engine.Decision, error) {
				trail = append(trail, name+" in")
				d, err := next(ctx, call)
				trail = append(trail, name+" out")
				return d, err
			}
		}
	}
	core := func(context.Context, engine.Call) (engine.Decision, error) {
		trail = append(trail, "core")
		return engine.Decision{Decision: engine.Allow}, nil
	}
	if _, err := Chain(core, mark("a"), mark("b")).Decide(context.Background(), engine.Call{}); err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(trail, ", "), "a in, b in, core, b out, a out"; got != want {
		t.Errorf("trail = %s, want %s", got, want)
	}
}

// TestClassifierSeesOnlyTheFallbackAsk: whatever a stage other than the
// fallback decided reaches the caller untouched in auto mode; only the
// fallback ask is the classifier's.
func TestClassifierSeesOnlyTheFallbackAsk(t *testing.T) {
	script, marker := approveAll(t, t.TempDir())
	s := loadProject(t, `{"agentctl": {"autoClassifier": "`+script+`"}}`, settings.Options{TrustWorkspace: true})
	tests := []struct {
		effect engine.Effect
		stage  engine.Stage
		runs   bool
	}{
		{engine.Deny, engine.StageDeny, false},
		{engine.Ask, engine.StageAsk, false},
		{engine.Ask, engine.StageTool, false},
		{engine.Ask, engine.StageSafety, false},
		{engine.Deny, engine.StageMode, false},
		{engine.Allow, engine.StageMode, false},
		{engine.Allow, engine.StageAllow, false},
		{engine.Deny, engine.StageValidate, false},
		{engine.Deny, engine.StageDefault, false}, // dontAsk's fallback
		{engine.Ask, engine.StageDefault, true},
	}
	for _, tt := range tests {
		os.Remove(marker)
		core := func(context.Context, engine.Call) (engine.Decision, error) {
			return engine.Decision{Decision: tt.effect, Stage: tt.stage, Reason: "policy"}, nil
		}
		d, err := AutoClassifier(s)(core)(context.Background(), engine.Call{Tool: "Bash", Mode: "auto"})
		if err != nil {
			t.Fatal(err)
		}
		_, statErr := os.Stat(marker)
		if ran := statErr == nil; ran != tt.runs {
			t.Errorf("%s/%s: classifier ran %v, want %v", tt.effect, tt.stage, ran, tt.runs)
		}
		want := engine.Decision{Decision: tt.effect, Stage: tt.stage, Reason: "policy"}
		if tt.runs {
			want = engine.Decision{Decision: engine.Allow, Stage: engine.StageMode, Reason: "auto mode classifier allowed: looks fine"}
		}
		if d.Decision != want.Decision || d.Stage != want.Stage || d.Reason != want.Reason {
			t.Errorf("%s/%s: got %s/%s (%s), want %s/%s (%s)", tt.effect, tt.stage, d.Decision, d.Stage, d.Reason,
				want.Decision, want.Stage, want.Reason)
		}
	}
	// An evaluation error is never the classifier's either.
	failing := func(context.Context, engine.Call) (engine.Decision, error) {
		return engine.Decision{Decision: engine.Ask, Stage: engine.StageDefault}, errors.New("boom")
	}
	os.Remove(marker)
	if _, err := AutoClassifier(s)(failing)(context.Background(), engine.Call{Tool: "Bash", Mode: "auto"}); err == nil {
		t.Error("the error was lost")
	}
	if _, err := os.Stat(marker); err == nil {
		t.Error("the classifier ran on a call that could not be decided")
	}
}

// TestDecisionLogRecordsTheFinalAnswer: the log is written after the
// classifier, with the input the policy saw.
func TestDecisionLogRecordsTheFinalAnswer(t *testing.T) {
	script, _ := approveAll(t, t.TempDir())
	s := loadProject(t, `{"permissions": {"deny": ["Bash(rm *)"]}, "agentctl": {"autoClassifier": "`+script+`"}}`,
		settings.Options{TrustWorkspace: true})
	var log bytes.Buffer
	dec := chainFor(t, s, engine.WithDecisionLog(&log))
	for _, cmd := range []string{"make build", "rm x"} {
		decideBash(t, dec, cmd, "auto")
	}
	if _, err := dec(context.Background(), engine.Call{Tool: "Bash", Input: map[string]any{}}); err != nil {
		t.Fatal(err) // invalid input: never reaches the policy, never logged
	}
	lines := strings.Split(strings.TrimSpace(log.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d log lines, want 2:\n%s", len(lines), log.String())
	}
	want := []struct {
		effect engine.Effect
		stage  engine.Stage
		cmd    string
	}{{engine.Allow, engine.StageMode, "make build"}, {engine.Deny, engine.StageDeny, "rm x"}}
	for i, line := range lines {
		var ev struct {
			Input  map[string]any  `json:"input"`
			Result engine.Decision `json:"result"`
		}
		if err := json.Unmarshal([]byte(line), &ev); err != nil {
			t.Fatal(err)
		}
		in, _ := ev.Input["input"].(map[string]any)
		if ev.Result.Decision != want[i].effect || ev.Result.Stage != want[i].stage || in["command"] != want[i].cmd ||
			ev.Input["facts"] == nil {
			t.Errorf("line %d: %s/%s for %v, want %s/%s for %s", i, ev.Result.Decision, ev.Result.Stage, in["command"],
				want[i].effect, want[i].stage, want[i].cmd)
		}
	}
}

type brokenWriter struct{}

func (brokenWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestDecisionLogFailureFailsClosed: a decision that cannot be logged is a
// deny, its error matches engine.ErrDecisionLog, and the session is told.
func TestDecisionLogFailureFailsClosed(t *testing.T) {
	s := loadProject(t, `{"permissions": {"allow": ["Bash"]}}`, settings.Options{})
	e, err := engine.New(context.Background(), s, engine.WithDecisionLog(brokenWriter{}))
	if err != nil {
		t.Fatal(err)
	}
	var told error
	dec := Around(e.Decide, s, func(err error) { told = err })
	d, err := dec(context.Background(), engine.Call{Tool: "Bash", Input: map[string]any{"command": "ls"}})
	if !errors.Is(err, engine.ErrDecisionLog) || d.Decision != engine.Deny || d.Stage != engine.StageError {
		t.Errorf("got %s/%s, %v; want a deny at stage error and ErrDecisionLog", d.Decision, d.Stage, err)
	}
	if !errors.Is(told, engine.ErrDecisionLog) {
		t.Errorf("onFail was told %v", told)
	}
}

// TestSessionRuleNeverOverridesPolicy: an "always allow" answer adds an
// allow rule, weighed at the allow stage — deny rules, ask rules and the
// safety check still win; only what fell to the fallback is now allowed.
func TestSessionRuleNeverOverridesPolicy(t *testing.T) {
	s := loadProject(t, `{"permissions": {"deny": ["Bash(rm *)", "Read(.env)"], "ask": ["Bash(git push *)"]}}`, settings.Options{})
	e, err := engine.New(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	rules := NewSessionRules(e)
	dec := Around(rules.Decide, s, nil)
	tests := []struct {
		cmd    string
		effect engine.Effect
		stage  engine.Stage
	}{
		{"rm build.log", engine.Deny, engine.StageDeny},
		{"cat .env", engine.Deny, engine.StageDeny},
		{"git push origin main", engine.Ask, engine.StageAsk},
		{"echo x > .git/config", engine.Ask, engine.StageSafety},
		{"make build", engine.Allow, engine.StageAllow},
	}
	for _, tt := range tests {
		if err := rules.Always("Bash", map[string]any{"command": tt.cmd}); err != nil {
			t.Fatal(err)
		}
		d := decideBash(t, dec, tt.cmd, "")
		if d.Decision != tt.effect || d.Stage != tt.stage {
			t.Errorf("%s after always: %s/%s (%s), want %s/%s", tt.cmd, d.Decision, d.Stage, d.Reason, tt.effect, tt.stage)
		}
	}
	if d := decideBash(t, dec, "make build", "dontAsk"); d.Decision != engine.Allow {
		t.Errorf("a session rule allows under dontAsk too: %+v", d)
	}
	if d := decideBash(t, dec, "make deploy", ""); d.Decision != engine.Ask {
		t.Errorf("a session rule allows exactly its call: make deploy %+v", d)
	}
}

func TestSessionRule(t *testing.T) {
	for _, tt := range []struct {
		tool string
		in   map[string]any
		want string
	}{
		{"Bash", map[string]any{"command": "make test"}, "Bash(make test)"},
		{"Edit", map[string]any{"file_path": "/p/a.go"}, "Edit(//p/a.go)"},
		{"Read", map[string]any{"file_path": "/etc/hosts"}, "Read(//etc/hosts)"},
		{"WebFetch", map[string]any{"url": "https://docs.example.com/x"}, "WebFetch(domain:docs.example.com)"},
		{"mcp__db__query", map[string]any{}, "mcp__db__query"},
	} {
		if got := sessionRule(tt.tool, tt.in); got != tt.want {
			t.Errorf("sessionRule(%s) = %s, want %s", tt.tool, got, tt.want)
		}
	}
}

// TestExecCheckThroughTheChain: the exec-time check decides through the
// same chain as the call did, so in auto mode the classifier's block
// refuses a command the shell was about to run.
func TestExecCheckThroughTheChain(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "classify.sh")
	os.WriteFile(script, []byte("#!/bin/sh\ncat > /dev/null\necho 'not at run time' >&2\nexit 2\n"), 0o755)
	s := loadProject(t, `{"agentctl": {"autoClassifier": "`+script+`"}}`, settings.Options{TrustWorkspace: true})
	dec := chainFor(t, s)
	check := ExecCheck(dec, &tools.Context{Cwd: s.Cwd, Mode: "auto"})
	if err := check(context.Background(), []string{"make", "deploy"}); err == nil || !strings.Contains(err.Error(), "not at run time") {
		t.Errorf("exec-time check in auto mode: %v, want the classifier's block", err)
	}
	if err := check(context.Background(), []string{"ls"}); err != nil {
		t.Errorf("read-only ls: %v", err)
	}
}
