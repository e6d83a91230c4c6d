package engine

import (
	"context"
	"testing"
)

// TestBypassGlobAimedDirs: a Glob pattern whose directory part aims at a
// denied directory through a wildcard ("s[e]cret/*", "s?cret/*") listed
// the names inside it, while "secret/*" was denied and `ls s[e]cret/` is
// too. Patterns that aim at nothing keep the tool's own exclusion of
// guarded names and stay allowed.
func TestBypassGlobAimedDirs(t *testing.T) {
	s := projectAt(t, t.TempDir(), `{"permissions":{"allow":["Glob","Grep"],"deny":["Read(secret/**)","Read(~/.ssh/**)"],"ask":["Read(config/private/**)"]}}`,
		map[string]string{"secret/key": "k", "src/a.go": "package a\n", "config/private/p": "p", "config/public/q": "q"})
	e, err := New(context.Background(), s, WithEvaluator(EvalBoth))
	if err != nil {
		t.Fatal(err)
	}
	runToolRows(t, e, s.Cwd, map[string][]toolRow{
		"patterns aimed at a guarded directory": {
			{tool: "Glob", input: `{"pattern":"s[e]cret/*"}`, want: "deny"},
			{tool: "Glob", input: `{"pattern":"s?cret/*"}`, want: "deny"},
			{tool: "Glob", input: `{"pattern":"secre*/*"}`, want: "deny"},
			{tool: "Glob", input: `{"pattern":"S[E]CRET/*"}`, want: "deny"},
			{tool: "Glob", input: `{"pattern":"s[e]cret/**/*"}`, want: "deny"},
			{tool: "Glob", input: `{"pattern":"{src,s[e]cret}/*"}`, want: "deny"},
			{tool: "Glob", input: `{"pattern":"[s]ecret/k*"}`, want: "deny"},
			{tool: "Glob", input: `{"pattern":"config/pri?ate/*"}`, want: "ask"},
			{tool: "Glob", input: `{"pattern":"c*g/p[r]ivate/*"}`, want: "ask"},
			{tool: "Glob", input: `{"pattern":"secret/*"}`, want: "deny"},
		},
		"patterns that aim at nothing": {
			{tool: "Glob", input: `{"pattern":"**/*.go"}`, want: "allow"},
			{tool: "Glob", input: `{"pattern":"*/package.json"}`, want: "allow"},
			{tool: "Glob", input: `{"pattern":"*"}`, want: "allow"},
			{tool: "Glob", input: `{"pattern":"s[r]c/*.go"}`, want: "allow"},
			{tool: "Glob", input: `{"pattern":"config/pub*/*"}`, want: "allow"},
			{tool: "Glob", input: `{"pattern":"[a-z]*/*.go"}`, want: "allow"},
			{tool: "Glob", input: `{"pattern":"src/*.go"}`, want: "allow"},
		},
	})
}
