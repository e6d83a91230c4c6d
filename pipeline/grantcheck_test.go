package pipeline

import (
	"context"
	"strings"
	"testing"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/settings"
)

// checkAlwaysThenNext answers "always allow" to approved (which must ask
// first) and decides next under the session rule it made; "{out}" in
// either input stands for out.
func checkAlwaysThenNext(t *testing.T, s *settings.Settings, out string, approved, next red14sessionCall, want engine.Effect) {
	t.Helper()
	e, err := engine.New(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	rules := NewSessionRules(e)
	dec := Around(rules.Decide, s, nil)
	sub := func(in map[string]any) map[string]any {
		m := map[string]any{}
		for k, v := range in {
			if str, ok := v.(string); ok {
				v = strings.ReplaceAll(str, "{out}", out)
			}
			m[k] = v
		}
		return m
	}
	first := sub(approved.in)
	if d, err := dec(context.Background(), engine.Call{Tool: approved.tool, Input: first}); err != nil || d.Decision != engine.Ask {
		t.Fatalf("the approved call must have asked first: %+v %v", d, err)
	}
	if err := rules.Always(approved.tool, first); err != nil {
		t.Fatal(err)
	}
	d, err := dec(context.Background(), engine.Call{Tool: next.tool, Input: sub(next.in)})
	if err != nil {
		t.Fatal(err)
	}
	if d.Decision != want {
		t.Errorf("after always-allow of %s %v: %s %v = %s/%s (%s), want %s", approved.tool, first,
			next.tool, sub(next.in), d.Decision, d.Stage, d.Reason, want)
	}
}
