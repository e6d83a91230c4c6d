package engine

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
)

// TestMain decides every call of this package's tests both ways (the
// native evaluator and the Rego modules) unless AGENTCTL_EVALUATOR says
// otherwise: a difference fails closed with an error, so the bypass
// tables, the deny differential's fixed commands and every engine test
// are differential tests of the two evaluators too.
func TestMain(m *testing.M) {
	if os.Getenv(EvaluatorEnv) == "" {
		os.Setenv(EvaluatorEnv, string(EvalBoth))
	}
	os.Exit(m.Run())
}

// TestBothFailsClosed: under EvalBoth a difference is a deny at stage
// error naming both answers, and an error.
func TestBothFailsClosed(t *testing.T) {
	s := project(t, `{"permissions": {"allow": ["Bash(npm run *)"], "deny": ["Read(.env)"]}}`, map[string]string{})
	e, err := New(context.Background(), s, WithEvaluator(EvalBoth))
	if err != nil {
		t.Fatal(err)
	}
	call := Call{Tool: "Bash", Input: map[string]any{"command": "npm run build"}}
	if d, err := e.Decide(context.Background(), call); err != nil || d.Decision != Allow {
		t.Fatalf("agreeing evaluators: %+v, %v", d, err)
	}
	for _, r := range e.native.allow.bash["npm"] {
		r.describe = "a different rule"
	}
	d, err := e.Decide(context.Background(), call)
	if !errors.Is(err, ErrEvaluatorsDiffer) {
		t.Fatalf("err = %v, want ErrEvaluatorsDiffer", err)
	}
	if d.Decision != Deny || d.Stage != StageError || !strings.HasPrefix(d.Reason, "evaluators differ:") {
		t.Fatalf("got %+v", d)
	}
}

// TestEvaluatorChoice: the option and the environment pick the evaluator;
// anything else is an error when the engine is built.
func TestEvaluatorChoice(t *testing.T) {
	s := project(t, `{}`, map[string]string{})
	for _, ev := range []Evaluator{EvalNative, EvalRego, EvalBoth} {
		t.Setenv(EvaluatorEnv, string(ev))
		e, err := New(context.Background(), s)
		if err != nil || e.evaluator != ev {
			t.Fatalf("%s: %v, %v", ev, e, err)
		}
	}
	t.Setenv(EvaluatorEnv, "fast")
	if _, err := New(context.Background(), s); err == nil {
		t.Fatal("AGENTCTL_EVALUATOR=fast: no error")
	}
	if _, err := New(context.Background(), s, WithEvaluator("fast")); err == nil {
		t.Fatal("WithEvaluator(fast): no error")
	}
}

// TestNativeNeedsNoRego: a native engine without custom modules never
// compiles the Rego decision query.
func TestNativeNeedsNoRego(t *testing.T) {
	s := project(t, `{"permissions": {"allow": ["Read"]}}`, map[string]string{})
	e, err := New(context.Background(), s, WithEvaluator(EvalNative))
	if err != nil {
		t.Fatal(err)
	}
	d := decide(t, e, "Read", map[string]any{"file_path": s.Cwd + "/x"})
	if d.Decision != Allow {
		t.Fatalf("got %+v", d)
	}
	done := false
	e.rego.once.Do(func() { done = true })
	if !done {
		t.Fatal("the Rego query was compiled")
	}
}
