package main

import (
	"bufio"
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/internal/proc/proctest"
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

// TestCommandApproverFaults: the external approver is bounded like a hook —
// a timeout, a huge answer, a failure or a cancelled run is a denial, and
// nothing it started outlives it.
func TestCommandApproverFaults(t *testing.T) {
	const allow = `cat > /dev/null; echo '{"behavior": "allow"}'`
	req := pipeline.AskRequest{Use: pipeline.ToolUse{Name: "Bash", Input: map[string]any{"command": "make"}}, Cwd: t.TempDir()}
	for _, tt := range []struct {
		name, command string
		timeout       time.Duration
		allow         bool
		reason        string
	}{
		{"allows", allow, time.Minute, true, ""},
		{"never answers: timeout", "exec sleep 600", 200 * time.Millisecond, false, "timed out after 200ms"},
		{"answer over the output cap", allow + `; head -c 2000000 /dev/zero | tr '\0' ' '`, time.Minute, false, "printed more than"},
		{"fails", "echo broken >&2; exit 3", time.Minute, false, "failed: broken"},
		{"no JSON", "echo yes", time.Minute, false, "no JSON answer"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			a := &commandApprover{command: tt.command, timeout: tt.timeout}
			got, err := a.Approve(context.Background(), req)
			if err != nil || got.Allow != tt.allow || !strings.Contains(got.Reason, tt.reason) {
				t.Errorf("got %+v %v; want allow=%v and a reason with %q", got, err, tt.allow, tt.reason)
			}
		})
	}
	t.Run("cancelled run kills the approver's process group", func(t *testing.T) {
		fifo := proctest.FIFO(t)
		a := &commandApprover{command: "sleep 600 & echo $! > '" + fifo + "'; wait", timeout: time.Hour}
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		done := make(chan pipeline.Approval, 1)
		go func() { got, _ := a.Approve(ctx, req); done <- got }()
		pid := proctest.ReadPid(t, fifo)
		cancel()
		if got := <-done; got.Allow {
			t.Errorf("a cancelled approver allowed: %+v", got)
		}
		proctest.WaitGone(t, pid)
	})
}
