package main

import (
	"bufio"
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/pipeline"
)

func TestTTYApproverAnswers(t *testing.T) {
	var prompt bytes.Buffer
	a := &ttyApprover{in: bufio.NewReader(strings.NewReader("y\nalways\nn\n")), out: &prompt}
	req := pipeline.AskRequest{Use: pipeline.ToolUse{Name: "Bash", Input: map[string]any{"command": "make"}},
		Decision: engine.Decision{Reason: "Bash needs approval"}}
	want := []pipeline.Approval{{Allow: true}, {Allow: true, Always: true}, {Reason: "denied at the prompt"}}
	for i, w := range want {
		got, err := a.Approve(context.Background(), req)
		if err != nil || got != w {
			t.Errorf("answer %d: %+v %v, want %+v", i, got, err, w)
		}
	}
	if got, _ := a.Approve(context.Background(), req); got.Allow {
		t.Error("no answer (EOF) must not allow")
	}
	if !strings.Contains(prompt.String(), "Bash needs approval") || !strings.Contains(prompt.String(), "[a]lways") {
		t.Errorf("prompt: %q", prompt.String())
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
