package pipeline

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// TestPostToolUseGetsTheResponseObject: a PostToolUse hook reads
// .tool_response.stdout as Claude Code sends it (public hooks do, with jq):
// an object, not one string, and for the same command the same values as
// Claude Code gave a hook — both streams interleaved in stdout, leading
// blank lines and trailing white space gone, stderr empty.
func TestPostToolUseGetsTheResponseObject(t *testing.T) {
	for _, capture := range []string{"PostToolUse.Bash.json", "PostToolUse.Bash.stderr.json"} {
		t.Run(capture, func(t *testing.T) {
			raw, err := os.ReadFile(filepath.Join(capturesDir, capture))
			if err != nil {
				t.Fatal(err)
			}
			var want struct {
				Input    map[string]any `json:"tool_input"`
				Response map[string]any `json:"tool_response"`
			}
			if err := json.Unmarshal(raw, &want); err != nil {
				t.Fatal(err)
			}
			got := filepath.Join(t.TempDir(), "stdin.json")
			sess, _ := realSession(t, `{"permissions": {"allow": ["Bash"]}}`,
				[]hookScript{{"PostToolUse", "record", "cat > '" + got + "'"}}, 10*time.Second)
			o := sess.Dispatch(context.Background(), ToolUse{ID: "1", Name: "Bash", Input: want.Input})
			if o.Block.IsError {
				t.Fatalf("call failed: %+v", o.Block)
			}
			stdin, err := os.ReadFile(got)
			if err != nil {
				t.Fatalf("the hook did not run: %v", err)
			}
			var ev struct {
				Response map[string]any `json:"tool_response"`
			}
			if err := json.Unmarshal(stdin, &ev); err != nil {
				t.Fatalf("hook stdin %s: %v", stdin, err)
			}
			if !reflect.DeepEqual(ev.Response, want.Response) {
				t.Errorf("tool_response = %v\nClaude Code: %v", ev.Response, want.Response)
			}
		})
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
