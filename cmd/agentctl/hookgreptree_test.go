package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHookClaudeGrepTreeAmongManyRulesRealProcess: the Grep tree check
// weighs the paths only agentctl's own rules could cover. It took them
// from a decision's witnesses, which a walk now lists only a few of
// (enough to ask): under a project of many deny rules Claude Code reads
// itself, the org rule's witness was one of those left out, and a search
// of the project read the org-denied secret/. It now lists the witnesses
// of those rules alone, every one of them — so a project's long deny list
// no longer makes a search ask either when no org rule reaches the tree.
func TestHookClaudeGrepTreeAmongManyRulesRealProcess(t *testing.T) {
	root, _ := hookProject(t)
	for _, d := range []string{"secret", "src"} {
		os.MkdirAll(filepath.Join(root, d), 0o755)
		os.WriteFile(filepath.Join(root, d, "f"), []byte("k\n"), 0o600)
	}
	var deny []string
	for i := 0; i < 100; i++ {
		deny = append(deny, fmt.Sprintf("Read(./a%03d/**)", i))
	}
	b, _ := json.Marshal(map[string]any{"permissions": map[string]any{"allow": []string{"Grep"}, "deny": deny}})
	os.WriteFile(filepath.Join(root, ".claude", "settings.json"), b, 0o644)
	dir := t.TempDir()
	org := filepath.Join(dir, "org.json")
	os.WriteFile(org, []byte(`{"permissions":{"deny":["Read(/`+root+`/secret/**)"]}}`), 0o644)
	orgOutside := filepath.Join(dir, "org-outside.json")
	os.WriteFile(orgOutside, []byte(`{"permissions":{"deny":["Read(//elsewhere/**)"]}}`), 0o644)
	empty := emptyManaged(t)
	for _, tt := range []struct {
		name, settings, mode string
		blocked              bool
	}{
		{"an org rule among a hundred project rules", org, "default", true},
		{"under dontAsk", org, "dontAsk", true},
		{"an org rule outside the tree", orgOutside, "default", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			event := `{"hook_event_name":"PreToolUse","cwd":"` + root + `","permission_mode":"` + tt.mode + `","tool_name":"Grep","tool_input":{"pattern":"k"}}`
			out, errOut, code := hookProc(t, nil, event, []string{"CLAUDE_PROJECT_DIR=" + root}, "--agent", "claude", "--managed-settings", empty, "--settings", tt.settings)
			blocked := code == 2 || strings.Contains(out, `"permissionDecision":"deny"`) || strings.Contains(out, `"permissionDecision":"ask"`)
			if code == 1 || blocked != tt.blocked {
				t.Fatalf("exit %d, stdout %q, stderr %q; want blocked %v", code, out, strings.TrimSpace(errOut), tt.blocked)
			}
			if tt.blocked && !strings.Contains(out, "secret") {
				t.Errorf("stdout %q names no secret/ path", out)
			}
		})
	}
}
