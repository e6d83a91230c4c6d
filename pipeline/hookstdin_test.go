package pipeline

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentctl/agentctl/engine"
	"github.com/agentctl/agentctl/internal/hookproto"
	"github.com/agentctl/agentctl/settings"
	"github.com/agentctl/agentctl/tools"
)

// capturesDir holds what the real Claude Code CLI wrote on hooks' stdin.
var capturesDir = filepath.Join("..", "internal", "hookproto", "testdata", "claude-code-2.1.332")

// notFired are the captured events `agentctl run` does not fire: a
// scripted session has no user prompt, no model to keep going, no start
// or end a hook could change.
var notFired = map[string]bool{"SessionStart.json": true, "UserPromptSubmit.json": true, "Stop.json": true,
	"SessionEnd.json": true}

// TestHookStdinMatchesClaudeCode runs real calls through a session whose
// hooks record their stdin, and compares each with what Claude Code sent
// for the same event and tool: the same fields, in the same order, with the
// same types (tool_input is the model's own; Claude Code also fills in
// schema defaults there).
func TestHookStdinMatchesClaudeCode(t *testing.T) {
	dir, _ := filepath.EvalSymlinks(t.TempDir())
	os.WriteFile(filepath.Join(dir, "README.md"), []byte("# fixture\n"), 0o644)
	rec := filepath.Join(dir, "rec.jsonl")
	sess := recordingSession(t, dir, `{"permissions": {"allow": ["Bash(echo *)", "Bash(ls *)", "Read", "Write", "Edit"]}}`)
	tests := []struct {
		capture string
		use     ToolUse
	}{
		{"PreToolUse.Bash.json", ToolUse{Name: "Bash", Input: map[string]any{"command": "echo hi", "description": "say hi"}}},
		{"PostToolUse.Bash.json", ToolUse{Name: "Bash", Input: map[string]any{"command": "echo hi", "description": "say hi"}}},
		{"PostToolUse.Bash.stderr.json", ToolUse{Name: "Bash", Input: map[string]any{"command": "echo; echo \"\tx\"; echo only-err >&2"}}},
		{"PostToolUseFailure.Bash.json", ToolUse{Name: "Bash", Input: map[string]any{"command": "ls nope"}}},
		{"PermissionRequest.Bash.json", ToolUse{Name: "Bash", Input: map[string]any{"command": "rm x"}}},
		{"PreToolUse.Write.json", ToolUse{Name: "Write", Input: map[string]any{"file_path": filepath.Join(dir, "new.txt"), "content": "hello\n"}}},
		{"PostToolUse.Write.json", ToolUse{Name: "Write", Input: map[string]any{"file_path": filepath.Join(dir, "new2.txt"), "content": "hello\n"}}},
		{"PostToolUse.Read.json", ToolUse{Name: "Read", Input: map[string]any{"file_path": filepath.Join(dir, "README.md")}}},
		{"PostToolUse.Edit.json", ToolUse{Name: "Edit", Input: map[string]any{"file_path": filepath.Join(dir, "README.md"),
			"old_string": "fixture", "new_string": "fixture two"}}},
		{"PostToolUseFailure.Read.json", ToolUse{Name: "Read", Input: map[string]any{"file_path": filepath.Join(dir, "missing.txt")}}},
	}
	covered := map[string]bool{}
	for i, tt := range tests {
		t.Run(tt.capture, func(t *testing.T) {
			covered[tt.capture] = true
			want, err := os.ReadFile(filepath.Join(capturesDir, tt.capture))
			if err != nil {
				t.Fatal(err)
			}
			event := strings.SplitN(tt.capture, ".", 2)[0]
			os.Remove(rec)
			tt.use.ID = "toolu_" + string(rune('a'+i))
			sess.Dispatch(context.Background(), tt.use)
			got := recorded(t, rec, event, tt.use.Name)
			opaque := []string{"tool_input", "permission_suggestions", "structuredPatch"}
			ws, err := hookproto.Shape(want, opaque...)
			if err != nil {
				t.Fatal(err)
			}
			gs, err := hookproto.Shape(got, opaque...)
			if err != nil {
				t.Fatal(err)
			}
			if gs != ws {
				t.Errorf("agentctl sent\n%s\nClaude Code sent\n%s\n(agentctl: %s)", gs, ws, got)
			}
			var in map[string]any
			json.Unmarshal(got, &in)
			if in["hook_event_name"] != event || in["tool_name"] != tt.use.Name || in["cwd"] != dir ||
				in["effort"].(map[string]any)["level"] != "high" || in["prompt_id"] != stableUUID("s1", "prompt") {
				t.Errorf("values: %s", got)
			}
		})
	}
	files, _ := filepath.Glob(filepath.Join(capturesDir, "*.json"))
	for _, f := range files {
		if name := filepath.Base(f); !covered[name] && !notFired[name] {
			t.Errorf("capture %s has no row here", name)
		}
	}
}

// recordingSession is a session with the real engine and the Bash, Read,
// Write and Edit tools whose hook appends its stdin to dir/rec.jsonl on
// every tool event agentctl fires.
func recordingSession(t *testing.T, dir, projectSettings string) *Session {
	t.Helper()
	os.MkdirAll(filepath.Join(dir, ".claude"), 0o755)
	os.WriteFile(filepath.Join(dir, ".claude", "settings.json"), []byte(projectSettings), 0o644)
	s, err := settings.Load(settings.Options{Cwd: dir, Home: t.TempDir(), ManagedFile: filepath.Join(dir, "none")})
	if err != nil {
		t.Fatal(err)
	}
	e, err := engine.New(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	cmd := "'" + script(t, t.TempDir(), "record", `cat >> "$CLAUDE_PROJECT_DIR/rec.jsonl"; echo >> "$CLAUDE_PROJECT_DIR/rec.jsonl"`) + "'"
	var hs []settings.Hook
	for _, ev := range []string{"PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest"} {
		hs = append(hs, settings.Hook{Event: ev, Matcher: "*", Type: "command", Command: cmd})
	}
	tc := &tools.Context{Cwd: dir, Mode: "default"}
	tc.CheckCommand = ExecCheck(e, tc)
	tc.SessionDir = t.TempDir()
	sess, err := NewSession(tc, e, WithPool([]tools.Tool{tools.NewBash(), tools.NewRead(), tools.NewWrite(), tools.NewEdit()}),
		WithHooks(&HookRunner{Hooks: hs, ProjectDir: dir,
			SessionID: "s1", TranscriptPath: filepath.Join(dir, "s1.jsonl"), Effort: "high", DefaultTimeout: time.Minute}))
	if err != nil {
		t.Fatal(err)
	}
	return sess
}

// recorded returns the stdin the recording hook got for event and tool.
func recorded(t *testing.T, rec, event, tool string) []byte {
	t.Helper()
	raw, err := os.ReadFile(rec)
	if err != nil {
		t.Fatalf("no hook ran: %v", err)
	}
	for _, line := range bytes.Split(raw, []byte("\n")) {
		var head struct {
			Event string `json:"hook_event_name"`
			Tool  string `json:"tool_name"`
		}
		if json.Unmarshal(line, &head) == nil && head.Event == event && head.Tool == tool {
			return line
		}
	}
	t.Fatalf("no %s %s in what the hooks recorded:\n%s", event, tool, raw)
	return nil
}
