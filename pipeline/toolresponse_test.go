package pipeline

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
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
