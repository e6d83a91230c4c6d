package settings

import (
	"strings"
	"testing"
)

// TestHookTypesWithoutCommand: Claude Code's http, prompt and agent hooks
// name no command. A file holding one loads (it made every agentctl call
// fail before), and the hook is kept with its type, so that a call it
// matches asks instead of running without it; a command hook without its
// command is still an error at its position.
func TestHookTypesWithoutCommand(t *testing.T) {
	user := `{"hooks": {"PreToolUse": [{"matcher": "WebFetch", "hooks": [{"type": "http", "url": "https://hooks.example/x"}]}],
	  "PostToolUse": [{"hooks": [{"type": "prompt", "prompt": "summarise"}, {"type": "agent", "prompt": "verify"}]}]}}`
	_, opts := tree(t, map[string]string{"home/.claude/settings.json": user})
	s, err := Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"http": "https://hooks.example/x", "prompt": "summarise", "agent": "verify"}
	if len(s.Hooks) != 3 {
		t.Fatalf("hooks = %+v, want 3", s.Hooks)
	}
	for _, h := range s.Hooks {
		if want[h.Type] != h.Command {
			t.Errorf("%s hook: command %q, want %q", h.Type, h.Command, want[h.Type])
		}
	}
	_, opts = tree(t, map[string]string{"home/.claude/settings.json": `{"hooks": {"PreToolUse": [{"hooks": [{"type": "command"}]}]}}`})
	if _, err := Load(opts); err == nil || !strings.Contains(err.Error(), `settings.json:1:38: hooks.PreToolUse[0].hooks[0]: missing "command"`) {
		t.Errorf("a command hook without its command: %v", err)
	}
}
