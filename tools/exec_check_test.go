package tools_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/settings"
	"github.com/agentctl/agentctl/tools"
	"mvdan.cc/sh/v3/syntax"
)

// TestBashExecTimeCheckRefusesDynamicCommand: `c=rm; $c x` passes a static
// reading only as an unresolved part; at run time the interpreter expands it
// to `rm x`, which the real engine denies by rule, so it never runs.
func TestBashExecTimeCheckRefusesDynamicCommand(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, ".claude"), 0o755)
	os.WriteFile(filepath.Join(dir, ".claude", "settings.json"), []byte(`{"permissions": {"allow": ["Bash"], "deny": ["Bash(rm *)"]}}`), 0o644)
	victim := filepath.Join(dir, "x")
	os.WriteFile(victim, []byte("keep me"), 0o644)
	s, err := settings.Load(settings.Options{Cwd: dir, Home: t.TempDir(), ManagedFile: filepath.Join(dir, "none")})
	if err != nil {
		t.Fatal(err)
	}
	e, err := engine.New(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	check := func(ctx context.Context, argv []string) error {
		quoted := make([]string, len(argv))
		for i, a := range argv {
			q, err := syntax.Quote(a, syntax.LangBash)
			if err != nil {
				return err
			}
			quoted[i] = q
		}
		d, err := e.Decide(ctx, engine.Call{Tool: "Bash", Input: map[string]any{"command": strings.Join(quoted, " ")}})
		if err != nil {
			return err
		}
		if d.Decision == engine.Deny {
			return fmt.Errorf("%s", d.Reason)
		}
		return nil
	}
	tc := &tools.Context{Cwd: dir, CheckCommand: check}
	r, err := tools.NewBash().Call(context.Background(), tools.Input{"command": "c=rm; $c x"}, tc, nil)
	if err != nil {
		t.Fatal(err)
	}
	out, _ := r.Data.(string)
	if !r.IsError || !strings.Contains(out, "command refused by policy") || !strings.Contains(out, "Bash(rm *)") {
		t.Errorf("result = %+v", r)
	}
	if b, err := os.ReadFile(victim); err != nil || string(b) != "keep me" {
		t.Errorf("the refused command ran: %v %q", err, b)
	}
}
