package pipeline

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestPostToolUseGetsTheResponseObject: a PostToolUse hook reads
// .tool_response.stdout and .stderr as Claude Code sends them (public hooks
// do, with jq), not one string.
func TestPostToolUseGetsTheResponseObject(t *testing.T) {
	dir := t.TempDir()
	got := filepath.Join(dir, "stdin.json")
	sess, _ := realSession(t, `{"permissions": {"allow": ["Bash"]}}`,
		[]hookScript{{"PostToolUse", "record", "cat > '" + got + "'"}}, 10*time.Second)
	o := sess.Dispatch(context.Background(), ToolUse{ID: "1", Name: "Bash",
		Input: map[string]any{"command": "echo out; echo err >&2"}})
	if o.Block.IsError {
		t.Fatalf("call failed: %+v", o.Block)
	}
	raw, err := os.ReadFile(got)
	if err != nil {
		t.Fatalf("the hook did not run: %v", err)
	}
	var ev struct {
		Event    string `json:"hook_event_name"`
		Response struct {
			Stdout      *string `json:"stdout"`
			Stderr      *string `json:"stderr"`
			Interrupted *bool   `json:"interrupted"`
			IsImage     *bool   `json:"isImage"`
		} `json:"tool_response"`
	}
	if err := json.Unmarshal(raw, &ev); err != nil {
		t.Fatalf("hook stdin %s: %v", raw, err)
	}
	r := ev.Response
	if ev.Event != "PostToolUse" || r.Stdout == nil || *r.Stdout != "out\n" || r.Stderr == nil || *r.Stderr != "err\n" ||
		r.Interrupted == nil || *r.Interrupted || r.IsImage == nil {
		t.Errorf("tool_response = %s", raw)
	}
}

// TestHookNoticesAndReasonlessDeny: a hook's systemMessage and a hook that
// fails are reported on the outcome (never silent); a deny without a reason
// still reads well.
func TestHookNoticesAndReasonlessDeny(t *testing.T) {
	sess, _ := realSession(t, `{"permissions": {"allow": ["Bash"]}}`, []hookScript{
		{"PreToolUse", "msg", `cat > /dev/null; echo '{"systemMessage":"lint is slow today"}'`},
		{"PreToolUse", "broken", "cat > /dev/null; echo oops >&2; exit 3"},
	}, 10*time.Second)
	o := sess.Dispatch(context.Background(), ToolUse{ID: "1", Name: "Bash", Input: map[string]any{"command": "echo hi"}})
	joined := strings.Join(o.Notices, "\n")
	if !strings.Contains(joined, "PreToolUse hook: lint is slow today") || !strings.Contains(joined, "PreToolUse hook error:") {
		t.Errorf("notices = %q", o.Notices)
	}
	deny, _ := realSession(t, `{"permissions": {"allow": ["Bash"]}}`, []hookScript{
		{"PreToolUse", "deny", `cat > /dev/null; echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}'`},
	}, 10*time.Second)
	o = deny.Dispatch(context.Background(), ToolUse{ID: "2", Name: "Bash", Input: map[string]any{"command": "echo hi"}})
	if text := fmt.Sprint(o.Block.Content); !o.Block.IsError || !strings.Contains(text, "denied by PreToolUse hook: (the hook gave no reason)") {
		t.Errorf("reasonless deny: %+v", o.Block)
	}
}
